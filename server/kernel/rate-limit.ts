/**
 * Fixed-window counters kept in Postgres, so every server instance shares the counts.
 * One upsert per check: the window resets itself when it has run out. Times come from the
 * database clock, so instances with drifting clocks still agree on when a window ends.
 */
import { sql } from 'drizzle-orm';
import { normalizePhone } from '../contract/phone.ts';
import type { Db } from './db/client.ts';
import { preparedSql } from './db/prepared.ts';

/**
 * The bucket name of a typed username, email or phone: '+1 415 555 0100' and '+14155550100'
 * are one phone, 'Ann@X.com' and 'ann@x.com' one address, so no spelling earns a fresh bucket.
 */
export function identifierKey(identifier: string): string {
  return normalizePhone(identifier) ?? identifier.trim().toLowerCase();
}

export interface RateLimitCount {
  /** The count in the current window, this hit included. */
  hits: number;
  retryAfterSeconds: number;
  /** Identifies the window this hit landed in, so a refund never reaches into a later one. */
  window: string;
}

export interface RateLimitResult extends RateLimitCount {
  allowed: boolean;
}

/** One text for any number of keys (a JSON array, in the sorted order the locks are taken in). */
const countHitsStatement = preparedSql<
  { key: string; hits: number | string; window: string; remaining: number | string },
  { keys: string; cost: number; windowSeconds: number }
>(() => {
  const cost = sql`${sql.placeholder('cost')}::int`;
  const windowSeconds = sql`${sql.placeholder('windowSeconds')}::double precision`;
  return sql`
    insert into rate_limit_buckets (key, hits, window_started_at)
    select key, ${cost}, now() from jsonb_array_elements_text(${sql.placeholder('keys')}::jsonb) with ordinality as k(key, n) order by n
    on conflict (key) do update set
      hits = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  then ${cost} else rate_limit_buckets.hits + ${cost} end,
      window_started_at = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  then now() else rate_limit_buckets.window_started_at end
    returning key, hits,
      window_started_at::text as window,
      extract(epoch from window_started_at + make_interval(secs => ${windowSeconds}) - now()) as remaining`;
});

/**
 * Adds `cost` to each key's count in one statement, so checking many keys costs one round trip
 * (the sign-in of a shared phone must not take measurably longer than any other).
 */
export async function countHits(db: Db, keys: string[], windowSeconds: number, cost = 1): Promise<Map<string, RateLimitCount>> {
  // Sorted: two concurrent statements then lock shared buckets in the same order and never deadlock.
  const unique = [...new Set(keys)].sort();
  if (unique.length === 0) return new Map();
  const rows = await countHitsStatement(db, { keys: JSON.stringify(unique), cost, windowSeconds });
  return new Map(
    rows.map((row) => [
      row.key,
      { hits: Number(row.hits), retryAfterSeconds: Math.max(1, Math.ceil(Number(row.remaining))), window: row.window },
    ]),
  );
}

/** Adds `cost` to the key's count; allowed while the count stays at or under `max`. */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number, cost = 1): Promise<RateLimitResult> {
  const count = (await countHits(db, [key], windowSeconds, cost)).get(key)!;
  return { ...count, allowed: count.hits <= max };
}

/** Takes back hits that turned out not to count (a successful sign-in), each within its own window only. */
export async function refundHits(db: Db, hits: { key: string; window: string }[], cost = 1): Promise<void> {
  if (hits.length === 0) return;
  const counted = sql.join(
    hits.map(({ key, window }) => sql`(${key}, ${window}::timestamptz)`),
    sql`, `,
  );
  const keys = sql.join(
    [...new Set(hits.map((hit) => hit.key))].sort().map((key) => sql`${key}`),
    sql`, `,
  );
  // The buckets are locked in key order first, as countHits takes them, so the two never deadlock.
  await db.execute(sql`
    with locked as (select key from rate_limit_buckets where key in (${keys}) order by key for update)
    update rate_limit_buckets set hits = greatest(rate_limit_buckets.hits - ${cost}, 0)
    from (values ${counted}) as counted (key, window_started_at), locked
    where rate_limit_buckets.key = counted.key and locked.key = counted.key
      and rate_limit_buckets.window_started_at = counted.window_started_at`);
}

/** Drops buckets whose window ended long ago; called now and then, not per request. */
export async function pruneRateLimits(db: Db, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where window_started_at < now() - make_interval(secs => ${olderThanSeconds})`);
}
