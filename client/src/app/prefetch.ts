import { preload } from 'swr';
import { getToken } from '../lib/auth-storage.ts';

type Read = readonly [key: string, fetch: () => Promise<unknown>];

/**
 * Starts a signed-in screen's first API reads as soon as its code has arrived, all at once,
 * instead of one after the other as each guard, layout and screen renders and asks in turn.
 * SWR hands each answer to the first hook that asks for that key (same key, same fetcher).
 * Called once, when a route module is first evaluated; without a stored session it does nothing
 * (the auth guard sends the visitor to /signin instead).
 */
export function prefetchSignedIn(reads: readonly Read[]): void {
  if (!getToken()) return;
  for (const [key, fetch] of reads) {
    // Handled here so a failure nobody asked for yet is not an unhandled rejection; the hook
    // that takes this promise still sees the error.
    preload(key, fetch).catch(() => {});
  }
}

/**
 * The answer of a read started by prefetchSignedIn (or started now if there is none), for a
 * prefetch that depends on it. It is the same request the hook will take: nothing is asked twice.
 */
export function prefetched<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  return preload(key, fetch) as Promise<T>;
}
