/**
 * Settled in-process deliveries: one row when a handler acked or terminated an outbox event.
 * Without NATS the outbox is the only durable copy of an event, so this table plays the part of
 * a JetStream durable consumer's ack floor: at start-up every published row a handler accepts and
 * has not settled is delivered again (server/kernel/events/bus-in-process.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { outbox } from './outbox.ts';

export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    // Pruning an outbox row takes its delivery records with it.
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] }), check('event_deliveries_outcome', sql`${t.outcome} in ('acked', 'termed')`)],
);
