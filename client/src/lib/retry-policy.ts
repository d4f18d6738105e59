/**
 * Pure retry policy: up to 3 retries, 1 s doubling, capped at 30 s, for reads and for the
 * mutations sent with an Idempotency-Key (the server answers a repeat of one key with the first
 * answer instead of doing the work again, so a lost answer can be asked for again safely).
 */

export const MAX_READ_RETRIES = 3;
export const BASE_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Delay before retry number `attempt` (1-based). */
export function retryDelay(attempt: number): number {
  return Math.min(BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Only network failures (no status) and 5xx are retried, at most MAX_READ_RETRIES times; a
 * mutation only when it carries an Idempotency-Key (`idempotent`).
 */
export function shouldRetry(method: string, status: number | undefined, attempt: number, idempotent = false): boolean {
  if (method.toUpperCase() !== 'GET' && !idempotent) return false;
  if (attempt > MAX_READ_RETRIES) return false;
  return status === undefined || status >= 500;
}
