/**
 * The outbox table's queries. writeEvent is the only way events enter the system: it runs inside
 * the caller's transaction, so the state change and its event commit (or vanish) together.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { executePrepared, preparedSql } from '../db/prepared.ts';
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

/** One round trip. An empty notify payload lets Postgres fold a transaction's notifications into one. */
const insertEvent = preparedSql<{ id: number }, { subject: string; payload: string }>(
  () => sql`
    with inserted as (
      insert into outbox (subject, payload) values (${sql.placeholder('subject')}, ${sql.placeholder('payload')}::jsonb) returning id
    )
    select id, pg_notify(${OUTBOX_CHANNEL}, '') from inserted`,
);

/**
 * Validates the payload against its contract and inserts the outbox row in the caller's
 * transaction (pass the `tx`), waking the relay when that transaction commits. Returns the row id.
 */
export async function writeEvent<S extends EventSubject>(db: Db, subject: S, payload: EventPayload<S>): Promise<number> {
  const problems = eventPayloadProblems(subject, payload);
  if (problems.length > 0) throw new InvalidEventError(subject, problems);
  const [row] = await insertEvent(db, { subject, payload: JSON.stringify(payload) });
  return Number(row.id);
}

/**
 * SQL: a data-modifying statement (`change`, with RETURNING) and its event as one statement, for
 * a hot path where the event's payload can be read off the changed row (`payload`, a jsonb
 * expression over the alias `changed`): no round trip of its own, and an event exactly when the
 * change wrote a row. Answers the changed rows. The payload is built by PostgreSQL, so it is not
 * checked against its contract here: the caller's tests check it (`eventPayloadProblems`).
 */
export function changeWithEvent(change: SQL, subject: EventSubject, payload: SQL): SQL {
  return sql`
    with changed as (${change}),
    announced as (insert into outbox (subject, payload) select ${subject}, ${payload} from changed returning id)
    select changed.*, (select count(pg_notify(${OUTBOX_CHANNEL}, '')) from announced) as announced from changed`;
}

export interface Claim {
  /** The rows taken, oldest first, already marked published in the claiming transaction. */
  rows: OutboxRow[];
  /** An older row is unpublished and held by another relay: nothing was taken, so order holds. */
  blocked: boolean;
}

/**
 * In one statement: locks the oldest unpublished rows, checks that no older row is still
 * unpublished, and marks the rows published. Run inside a transaction, the mark only holds if it
 * commits, so the caller publishes the rows before committing and takes back (`unmarkPublished`)
 * whatever the transport did not take. Run on its own it commits at once: only for a transport
 * that reads unsettled events back from the outbox after a crash.
 *
 * SKIP LOCKED: a second relay passes over rows the first one holds instead of waiting for them or
 * publishing them again; an older row it skipped means another relay is publishing it, and
 * taking newer rows now would reorder the stream, so it takes nothing.
 */
export async function claimUnpublished(tx: Db, limit: number): Promise<Claim> {
  const rows = await executePrepared<{ id: number | null; subject: string; payload: unknown; created_at: Date | string; blocked: boolean }>(
    tx,
    sql`
    with claimed as (
      select id from outbox where published_at is null order by id limit ${limit} for update skip locked
    ), older as (
      select exists (select 1 from outbox o where o.published_at is null and o.id < (select min(id) from claimed)) as held
    ), marked as (
      update outbox set published_at = now()
      from claimed where outbox.id = claimed.id and not (select held from older)
      returning outbox.id, outbox.subject, outbox.payload, outbox.created_at
    )
    select id, subject, payload, created_at, false as blocked from marked
    union all
    select null, null, null, null, true from older where held
    order by id`,
  );
  if (rows.some((row) => row.blocked)) return { rows: [], blocked: true };
  return {
    blocked: false,
    rows: rows.map((row) => ({
      id: Number(row.id),
      subject: row.subject,
      payload: row.payload,
      occurredAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** Takes back the mark of claimed rows a transport did not accept (still locked by the caller). */
export async function unmarkPublished(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await executePrepared(tx, sql`update outbox set published_at = null where id = any(${`{${ids.map(Number).join(',')}}`}::bigint[])`);
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
