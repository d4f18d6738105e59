/**
 * The realtime socket's reconnect policy: how long to wait before the next attempt, and which
 * close codes end the attempts for good.
 */
import { WS_CLOSE } from '@contract/realtime.ts';

export const BACKOFF_INITIAL_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** Close codes after which the client must not connect again with the same token. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([WS_CLOSE.sessionEnded, WS_CLOSE.tooManySockets]);

/**
 * Delay before reconnect attempt number `attempt` (0-based): 1 s doubling up to 30 s, each
 * lowered by up to 30 % at random so many tabs dropped together do not come back together.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.min(Math.max(attempt, 0), 16));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(base * (1 - 0.3 * r));
}

/**
 * 4001 (the session ended) and 4029 (too many sockets, this oldest one let go) are final; 1001
 * server restart, 1006 network loss, 4008 too slow, a failed handshake and anything unexpected
 * are worth another attempt.
 */
export function isFinalClose(code: number): boolean {
  return FINAL_CLOSES.has(code);
}
