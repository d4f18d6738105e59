/**
 * The sentinel for "no timer set so far fires any more": resolves once the microtasks queued now
 * have run and then a timer due `ms` from now has fired. Node fires expired timers in the order
 * they fall due, so every timer set by then for at most `ms` has fired before this one. A test
 * that proves nothing is left scheduled waits for this, not for a pause it guessed long enough.
 */
export async function timersDueWithin(ms: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  // The sentinel timer itself: ordered behind every timer of at most `ms` set before it.
  await new Promise((resolve) => setTimeout(resolve, ms + 1));
}
