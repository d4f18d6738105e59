/** Raised when bounded work does not settle in time. */
export class TimeoutError extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.ms = ms;
    this.name = 'TimeoutError';
  }
}

/**
 * Settles with `work` or rejects with TimeoutError after `ms`, whichever comes first, so a
 * decoder stuck on a hostile file turns into a rejection instead of a job that never returns.
 * The work itself is not cancelled (give it its own limit too where it has one); its late
 * result or error is ignored.
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
