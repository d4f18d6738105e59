/**
 * Whether the database can be reached, as one process sees it, and what happens on the way back.
 *
 * - A query that failed because the database is unreachable is reported here (`report`); so is a
 *   pool connection closing (`suspect`). Either starts a probe: `select 1` on a connection of its
 *   own, with a short deadline, repeated with backoff until it answers.
 * - Once two probes in a row failed (one slow probe on a loaded machine is not an outage; a
 *   crashed database refuses both within milliseconds) the database counts as unavailable: requests are refused at once with
 *   503 (plugins/database-gate.ts), the outbox relay and the workers wait. On the way down the
 *   `onLost` listeners run: the pools drop their connections, so queries already waiting on one
 *   fail now instead of when the database returns.
 * - When it answers again, `onRecovered` listeners run before the database counts as available:
 *   the pools replace their connections (client.ts), since postgres.js can hold a connection
 *   that broke in the middle of a transaction in its pool for good.
 * - A broken query with the database still reachable (one backend terminated, a network blip)
 *   also replaces the pools, at once, without an unavailable period.
 */
import type { Log } from '../logging.ts';
import { isDatabaseUnavailable } from './errors.ts';

export interface DatabaseHealthOptions {
  /** Resolves when a fresh connection answers; rejects otherwise. */
  probe: () => Promise<void>;
  log: Log;
  /** First wait between failed probes; doubles up to maxProbeIntervalMs. */
  probeIntervalMs?: number;
  /** Failed probes in a row that make the database unavailable (default 2). */
  failuresToLose?: number;
  maxProbeIntervalMs?: number;
}

type Listener = () => unknown;

export class DatabaseHealth {
  private up = true;
  private probing: Promise<void> | null = null;
  private replaceWanted = false;
  private closed = false;
  private downSince = 0;
  private wakeProbe: (() => void) | null = null;
  private readonly recoveredListeners: Listener[] = [];
  private readonly lostListeners: Listener[] = [];
  private readonly waiters = new Set<() => void>();

  private readonly options: DatabaseHealthOptions;
  constructor(options: DatabaseHealthOptions) {
    this.options = options;
  }

  /** False from the first failed probe until a probe answers and the pools are fresh. */
  get available(): boolean {
    return this.up;
  }

  /** Seconds a client should wait before asking again while the database is unavailable. */
  get retryAfterSeconds(): number {
    return 5;
  }

  /**
   * A query failed because of `error`. Returns true when that means the database could not be
   * reached (the caller answers 503 rather than 500); the pools are then replaced once it answers.
   */
  report(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    if (this.closed) return true;
    this.replaceWanted = true;
    this.startProbing();
    return true;
  }

  /** A pool connection closed: a normal end of its lifetime, or the first sign of an outage. */
  suspect(): void {
    if (!this.closed) this.startProbing();
  }

  /** Runs (and is awaited) after the database answers again, before it counts as available. */
  onRecovered(listener: Listener): void {
    this.recoveredListeners.push(listener);
  }

  /** Runs when the database is found unreachable (the first failed probe). */
  onLost(listener: Listener): void {
    this.lostListeners.push(listener);
  }

  /**
   * Resolves true once the database is available, false when `signal` aborts first (a worker
   * that is stopping) or the health watch is closed.
   */
  async untilAvailable(signal?: AbortSignal): Promise<boolean> {
    if (this.up) return true;
    if (this.closed || signal?.aborted) return false;
    return new Promise<boolean>((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        signal?.removeEventListener('abort', aborted);
        resolve(this.up);
      };
      const aborted = () => done();
      this.waiters.add(done);
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  /** Stops probing; waiters resolve false. */
  close(): void {
    this.closed = true;
    this.wakeProbe?.();
    for (const waiter of [...this.waiters]) waiter();
  }

  private startProbing(): void {
    if (this.probing) return;
    this.probing = this.probeUntilAnswered().finally(() => {
      this.probing = null;
    });
  }

  private async probeUntilAnswered(): Promise<void> {
    const { log } = this.options;
    const first = this.options.probeIntervalMs ?? 100;
    const max = this.options.maxProbeIntervalMs ?? 2_000;
    for (let failures = 0; !this.closed; failures += 1) {
      let reason: unknown = null;
      const answered = await this.options.probe().then(
        () => true,
        (error: unknown) => ((reason = error), false),
      );
      if (answered) {
        await this.recovered();
        return;
      }
      if (this.up && failures + 1 >= (this.options.failuresToLose ?? 2)) {
        this.up = false;
        this.downSince = Date.now();
        log.error({ err: reason }, 'database unavailable: requests answer 503, events and jobs wait until it answers again');
        await this.run(this.lostListeners, 'database outage step failed');
      }
      await this.pause(Math.min(max, first * 2 ** Math.min(failures, 10)));
    }
  }

  private async recovered(): Promise<void> {
    if (this.replaceWanted || !this.up) {
      this.replaceWanted = false;
      await this.run(this.recoveredListeners, 'database recovery step failed');
    }
    if (!this.up) {
      this.options.log.info({ downForMs: Date.now() - this.downSince }, 'database available again');
      this.up = true;
    }
    for (const waiter of [...this.waiters]) waiter();
  }

  private async run(listeners: Listener[], failure: string): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener();
      } catch (error) {
        this.options.log.error({ err: error }, failure);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeProbe = () => {
        this.wakeProbe = null;
        done();
      };
    });
  }
}
