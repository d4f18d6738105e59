/**
 * Answers asked for before the app's own code has arrived. The boot script (boot.ts, a few
 * kilobytes loaded beside the main bundle) starts the first screen's reads at once; the first
 * api.get of the same URL, with the same session, takes the answer instead of asking again.
 *
 * Only the page's first seconds: after EARLY_READ_WINDOW_MS (counted from the page's start)
 * nothing is handed out or recorded any more, so an answer can never stand in for a later read.
 */
import { sendJson } from './http.ts';

/** How long after the page starts an early answer may still be handed out. */
export const EARLY_READ_WINDOW_MS = 10_000;

interface EarlyRead {
  answer: Promise<unknown>;
  token: string;
}

const reads = new Map<string, EarlyRead>();
/** URLs the app has asked for itself: an early read of one of them would arrive too late to be used. */
const askedByApp = new Set<string>();

/**
 * Milliseconds since the page started. A seam for tests: under Node, performance.now() counts
 * from the process's start, which a loaded machine can put past the window before a test runs.
 */
export const pageClock = { sincePageStart: () => performance.now() };
const sincePageStart = () => pageClock.sincePageStart();

function windowClosed(now: number): boolean {
  if (now <= EARLY_READ_WINDOW_MS) return false;
  reads.clear();
  askedByApp.clear();
  return true;
}

/**
 * Starts a GET of `url` with the session `token` and keeps its answer for the app. Returns the
 * answer, or undefined when the app has already asked for this URL (it is ahead of the boot
 * script, which then has nothing to add) or the window has closed. Asking twice starts one request.
 */
export function startEarlyRead(url: string, token: string, now = sincePageStart()): Promise<unknown> | undefined {
  if (windowClosed(now) || askedByApp.has(url)) return undefined;
  const started = reads.get(url);
  if (started) return started.answer;
  const answer = sendJson(url, 'GET', undefined, token);
  // Whoever takes the answer sees a failure; one nobody takes is no unhandled rejection.
  answer.catch(() => {});
  reads.set(url, { answer, token });
  return answer;
}

/**
 * The early answer for a GET of `url` made with `token`, handed out once; undefined when there
 * is none (or it was asked for with another session). From now on no early read of this URL starts.
 */
export function takeEarlyRead(url: string, token: string | null, now = sincePageStart()): Promise<unknown> | undefined {
  if (windowClosed(now)) return undefined;
  askedByApp.add(url);
  const read = reads.get(url);
  reads.delete(url);
  return read && read.token === token ? read.answer : undefined;
}
