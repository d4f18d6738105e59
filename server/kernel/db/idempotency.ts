/**
 * Idempotency-Key for mutations: the first request with a key does the work and keeps its answer
 * in the same transaction; a retry with the same key and the same input gets that answer back and
 * changes nothing. A client whose answer was lost (a timeout, a dropped connection, the server
 * restarted) can so retry a payment-like action safely.
 *
 * The key row is claimed first, inside the caller's transaction: a second request with the same
 * key, in flight at the same time, waits on that row until the first commits and then reads its
 * answer (or, if the first rolled back, does the work itself). Only answers of work that committed
 * are kept: an attempt that failed (no credit, say) leaves no row, and its retry runs again.
 * Keys are kept for a day; a member's expired keys are removed when they send the next one.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { conflict } from '../errors.ts';
import type { Db } from './client.ts';
import { idempotentRequests } from './schema/index.ts';

export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

export interface KeyedRequest {
  userId: number;
  /** The operation, e.g. 'chat.unlock': one key may be used once per operation. */
  scope: string;
  key: string;
  /** What makes two requests the same (the body's meaningful fields). */
  input: unknown;
}

const hashOf = (input: unknown) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/**
 * Runs `work` (in `tx`, the caller's transaction) once per key and answers its result; a repeat
 * answers the stored result. Without a key, just runs `work`. A key reused with other input: 409.
 */
export async function onceForKey<T>(
  tx: Db,
  request: Omit<KeyedRequest, 'key'> & { key: string | undefined },
  work: () => Promise<T>,
): Promise<T> {
  const { userId, scope, key } = request;
  if (key === undefined) return work();
  const requestHash = hashOf(request.input);
  const row = { userId, scope, key };
  await tx
    .delete(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, userId),
        lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
      ),
    );
  const claimed = await tx
    .insert(idempotentRequests)
    .values({ ...row, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length === 0) {
    const [earlier] = await tx
      .select({ requestHash: idempotentRequests.requestHash, response: idempotentRequests.response })
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
    if (!earlier || earlier.requestHash !== requestHash || earlier.response === null) throw conflict(KEY_REUSED_MESSAGE);
    return earlier.response as T;
  }
  const result = await work();
  await tx
    .update(idempotentRequests)
    .set({ response: result as object })
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
  return result;
}
