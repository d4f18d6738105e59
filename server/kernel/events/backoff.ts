/** Exponential backoff with jitter, shared by the relay (NATS down) and handlers (transient failures). */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** Delay before retry number `attempt` (1 = first retry): base * 2^(attempt-1), capped, 50-100% of it. */
export function backoffDelay(attempt: number, { baseMs, maxMs }: BackoffOptions, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
