/**
 * The event_deliveries queries behind durable in-process delivery. Without NATS the outbox is the
 * stream and these rows are each handler's acks: a published row a handler accepts and has no
 * record for is still owed to that handler, across crashes and restarts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { type TickBatch, tickBatch } from '../tick-batch.ts';
import type { OutboxRow } from './outbox.ts';

export type SettledOutcome = 'acked' | 'termed';

/** A handler and the subjects it accepts: whose unsettled rows must be delivered and kept. */
export interface ConsumerSubjects {
  handler: string;
  subjects: readonly string[];
}

interface Settlement {
  eventId: number;
  handler: string;
  outcome: SettledOutcome;
}

/**
 * One batch per database handle: the settlements of every handler made within a few milliseconds
 * go in one insert. Nothing waits on a settlement but the handler's slot (the push went out
 * before it), so gathering for longer than a turn costs no delivery time and, at hundreds of
 * events a second, saves most of a round trip per event.
 */
const SETTLEMENT_GATHER_MS = 5;
const settlers = new WeakMap<Db, TickBatch<Settlement, void>>();

function settlerFor(db: Db): TickBatch<Settlement, void> {
  let settle = settlers.get(db);
  if (!settle) {
    settle = tickBatch(
      async (settlements: Settlement[]) => {
        const rows = settlements.map(({ eventId, handler, outcome }) => ({ event_id: eventId, handler, outcome }));
        await executePrepared(
          db,
          sql`
        insert into event_deliveries (event_id, handler, outcome)
        select event_id, handler, outcome from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as settled (event_id bigint, handler text, outcome text)
        on conflict do nothing`,
        );
        return new Map();
      },
      undefined,
      500,
      SETTLEMENT_GATHER_MS,
    );
    settlers.set(db, settle);
  }
  return settle;
}

/**
 * Records that a handler is done with an event. Idempotent: a redelivery settles it once.
 * Settlements made in the same turn of the event loop are written by one statement.
 */
export async function recordSettled(db: Db, eventId: number, handler: string, outcome: SettledOutcome): Promise<void> {
  await settlerFor(db)({ eventId, handler, outcome });
}

/**
 * Published rows the handler accepts and has not settled, oldest first. No age limit: pruning
 * keeps such rows (prunePublished), so the outbox holds only settled rows younger than the
 * retention plus what a handler still owes, and a handler that was down longer still gets them.
 */
export async function unsettledEvents(db: Db, { handler, subjects }: ConsumerSubjects): Promise<OutboxRow[]> {
  if (subjects.length === 0) return [];
  const rows = await db.execute<{ id: number; subject: string; payload: unknown; created_at: Date | string }>(sql`
    select o.id, o.subject, o.payload, o.created_at from outbox o
    where o.published_at is not null
      and o.subject in (${sql.join(
        subjects.map((subject) => sql`${subject}`),
        sql`, `,
      )})
      and not exists (select 1 from event_deliveries d where d.event_id = o.id and d.handler = ${handler})
    order by o.id`);
  return rows.map((row) => ({
    id: Number(row.id),
    subject: row.subject,
    payload: row.payload,
    occurredAt: new Date(row.created_at).toISOString(),
  }));
}
