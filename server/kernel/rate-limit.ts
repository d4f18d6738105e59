/**
 * Fixed-window rate limiting kept in Postgres, so every server instance shares the counts.
 * One upsert per check: the window resets itself when it has run out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
  const rows = await db.execute<{ hits: number; window_started_at: Date }>(sql`
    insert into rate_limit_buckets (key, hits, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  then 1 else rate_limit_buckets.hits + 1 end,
      window_started_at = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  then now() else rate_limit_buckets.window_started_at end
    returning hits, window_started_at`);
  const row = rows[0];
  const hits = Number(row.hits);
  const elapsed = (Date.now() - new Date(row.window_started_at).getTime()) / 1000;
  return { allowed: hits <= max, retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - elapsed)) };
}

/** Drops buckets whose window ended long ago; called now and then, not per request. */
export async function pruneRateLimits(db: Db, olderThanSeconds: number): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_buckets where window_started_at < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}
