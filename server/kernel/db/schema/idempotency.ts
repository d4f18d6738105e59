/**
 * Answers kept for requests that carried an Idempotency-Key, so a client that retries after a
 * lost answer gets the first answer back instead of a second effect (kernel/db/idempotency.ts).
 * One row per member, route and key; rows older than a day are swept.
 */
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which operation the key belongs to, e.g. 'chat.unlock'. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request's meaningful input: the same key with other input is refused. */
    requestHash: text('request_hash').notNull(),
    /** The first answer; null only inside the transaction that is producing it. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotent_requests_created_at_idx').on(t.createdAt)],
);
