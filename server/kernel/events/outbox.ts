/**
 * The outbox table's queries. writeEvent is the only way events enter the system: it runs inside
 * the caller's transaction, so the state change and its event commit (or vanish) together.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type EventPayload, type EventSubject, eventPayloadProblems, InvalidEventError } from './contracts.ts';
import type { ConsumerSubjects } from './delivery-records.ts';

/** LISTEN/NOTIFY channel the relay waits on. Notifications are sent at commit, never before. */
export const OUTBOX_CHANNEL = 'outbox_events';

export interface OutboxRow {
  id: number;
  subject: string;
  payload: unknown;
  occurredAt: string;
}

/**
 * Validates the payload against its contract and inserts the outbox row in the caller's
 * transaction (pass the `tx`), waking the relay when that transaction commits. Returns the row id.
 */
export async function writeEvent<S extends EventSubject>(db: Db, subject: S, payload: EventPayload<S>): Promise<number> {
  const problems = eventPayloadProblems(subject, payload);
  if (problems.length > 0) throw new InvalidEventError(subject, problems);
  // One round trip. An empty notify payload lets Postgres fold a transaction's notifications into one.
  const [row] = await db.execute<{ id: number }>(sql`
    with inserted as (
      insert into outbox (subject, payload) values (${subject}, ${JSON.stringify(payload)}::jsonb) returning id
    )
    select id, pg_notify(${OUTBOX_CHANNEL}, '') from inserted`);
  return Number(row.id);
}

/**
 * Locks the oldest unpublished rows. SKIP LOCKED: a second relay passes over rows the first one
 * holds instead of waiting for them or publishing them again.
 */
export async function claimUnpublished(tx: Db, limit: number): Promise<OutboxRow[]> {
  const rows = await tx.execute<{ id: number; subject: string; payload: unknown; created_at: Date | string }>(sql`
    select id, subject, payload, created_at from outbox
    where published_at is null
    order by id
    limit ${limit}
    for update skip locked`);
  return rows.map((row) => ({
    id: Number(row.id),
    subject: row.subject,
    payload: row.payload,
    occurredAt: new Date(row.created_at).toISOString(),
  }));
}

/** True when an older row is still unpublished: another relay holds it, so publishing now would reorder. */
export async function hasOlderUnpublished(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from outbox where published_at is null and id < ${id}) as found`);
  return Boolean(row.found);
}

export async function markPublished(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update outbox set published_at = now() where id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`);
}

export interface OutboxBacklog {
  pending: number;
  /** Age in seconds of the oldest unpublished row; 0 when none wait. */
  lagSeconds: number;
}

export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await db.execute<{ pending: number; lag: number | null }>(sql`
    select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as lag
    from outbox where published_at is null`);
  return { pending: Number(row.pending), lagSeconds: Math.max(0, Number(row.lag ?? 0)) };
}

/**
 * Deletes published rows older than the given age: JetStream and the handlers have them by then.
 * Except, for the in-process transport, rows a registered handler accepts and has not settled
 * (no event_deliveries row): there the outbox is the only copy, so they stay until it settles them.
 */
export async function prunePublished(db: Db, olderThanHours: number, keepFor: readonly ConsumerSubjects[] = []): Promise<number> {
  const owed = keepFor.flatMap(({ handler, subjects }) => subjects.map((subject) => ({ handler, subject })));
  const keep =
    owed.length === 0
      ? sql``
      : sql`and not exists (
          select 1 from jsonb_to_recordset(${JSON.stringify(owed)}::jsonb) as owed(handler text, subject text)
          where owed.subject = outbox.subject
            and not exists (select 1 from event_deliveries d where d.event_id = outbox.id and d.handler = owed.handler))`;
  const rows = await db.execute(sql`
    delete from outbox
    where published_at is not null and published_at < now() - make_interval(hours => ${olderThanHours}) ${keep}`);
  return rows.count ?? 0;
}
