/** Pure retry policy for reads: up to 3 retries, 1 s doubling, capped at 30 s. */

export const MAX_READ_RETRIES = 3;
export const BASE_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Delay before retry number `attempt` (1-based). */
export function retryDelay(attempt: number): number {
  return Math.min(BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
}

/** Only network failures (no status) and 5xx are retried; only for reads; at most MAX_READ_RETRIES times. */
export function shouldRetry(method: string, status: number | undefined, attempt: number): boolean {
  if (method.toUpperCase() !== 'GET') return false;
  if (attempt > MAX_READ_RETRIES) return false;
  return status === undefined || status >= 500;
}
