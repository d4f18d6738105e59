/**
 * The outbox relay: publishes unpublished outbox rows, oldest first, through a transport; the
 * rows are locked and marked published by one statement in a transaction that commits only after
 * the transport took them.
 *
 * - Wakes on LISTEN/NOTIFY (writeEvent notifies at commit) and also polls, so a lost
 *   notification or a restart delays an event by at most one poll interval.
 * - Rows are claimed with FOR UPDATE SKIP LOCKED: two relays (two server instances) never
 *   publish the same row twice. A relay that finds an older row held by another relay steps
 *   back, so rows also leave in id order.
 * - A failed publish rolls nothing forward: the rows stay unpublished and the relay retries
 *   with exponential backoff. A crash between publish and commit republishes with the same
 *   msgID (= row id), which JetStream drops as a duplicate within its window.
 */
import type postgres from 'postgres';
import type { Db } from '../db/client.ts';
import { pipelinedTransaction } from '../db/pipelined-transaction.ts';
import type { Log } from '../logging.ts';
import { withTimeout } from '../timeout.ts';
import { type BackoffOptions, backoffDelay, sleep } from './backoff.ts';
import { claimUnpublished, OUTBOX_CHANNEL, type OutboxRow, prunePublished, unmarkPublished } from './outbox.ts';
import type { EventTransport } from './transport.ts';

export interface RelayOptions {
  db: Db;
  transport: EventTransport;
  log: Log;
  batchSize: number;
  pollMs: number;
  /** postgres.js client used for LISTEN; without one the relay only polls. */
  listener?: postgres.Sql | null;
  /** Called after a batch commits, e.g. to count published events. */
  onPublished?: (rows: OutboxRow[]) => void;
  backoff?: BackoffOptions;
  /** Published rows older than this are deleted (hourly), except rows a transport's outbox consumer still owes; 0 keeps them. */
  pruneAfterHours?: number;
  /** How long a NOTIFY waits for the commits behind it before the pass (default NOTIFY_GATHER_MS). */
  notifyGatherMs?: number;
  /** Told of every failed pass (the database health watch hears of an unreachable database). */
  onError?: (error: unknown) => void;
}

type Outcome = 'idle' | 'more' | 'blocked';

const BLOCKED_RETRY_MS = 100;
/** How long a stop waits for UNLISTEN (see stop()). */
const UNLISTEN_WAIT_MS = 500;
/**
 * Every commit that writes an event notifies. Taken one by one, at hundreds of events a second
 * each would cost a pass of its own, and downstream a still-current check and a settlement of its
 * own; gathered for a few milliseconds, one pass (and one check, one settlement) takes them all.
 * Measured on the chat bench at 500 messages/s: without it the API and PostgreSQL spent more CPU
 * on delivering one message than on storing it.
 */
const NOTIFY_GATHER_MS = 3;
const PRUNE_EVERY_MS = 60 * 60_000;

export class OutboxRelay {
  private stopped = true;
  private pollTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private active: Promise<void> | null = null;
  private gatherTimer: NodeJS.Timeout | null = null;
  private requested = false;
  private failures = 0;
  private retryAt = 0;
  private lastPrune = Date.now();
  private readonly backoff: BackoffOptions;

  private readonly options: RelayOptions;
  constructor(options: RelayOptions) {
    this.options = options;
    this.backoff = options.backoff ?? { baseMs: 200, maxMs: 30_000 };
  }

  /** True while publishing fails; the relay keeps retrying. */
  get failing(): boolean {
    return this.failures > 0;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollMs);
    this.pollTimer.unref();
    this.listen();
    this.wake();
  }

  /**
   * The database is back after an outage, on a new pool: LISTEN there (the old pool's listening
   * connection is gone) and publish what waited, without sitting out the rest of the backoff.
   */
  resume(): void {
    if (this.stopped) return;
    const previous = this.unlisten;
    this.unlisten = null;
    void previous?.().catch(() => {});
    this.listen();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = 0;
    this.wake();
  }

  private listen(): void {
    const { listener, log } = this.options;
    if (!listener) return;
    // onlisten runs again after postgres.js re-establishes the connection: catch up then too.
    listener
      .listen(
        OUTBOX_CHANNEL,
        () => this.wakeSoon(),
        () => this.wake(),
      )
      .then(({ unlisten }) => {
        if (this.stopped) void unlisten().catch(() => {});
        else this.unlisten = unlisten;
      })
      .catch((error) => log.warn({ err: error }, 'outbox relay: LISTEN failed, polling until the database is back'));
  }

  /** Asks for a publishing pass soon; cheap to call often (passes never overlap). */
  wake(): void {
    if (this.stopped || Date.now() < this.retryAt) return;
    this.requested = true;
    this.active ??= this.drain().finally(() => {
      this.active = null;
    });
  }

  /** A NOTIFY: a pass soon, after the commits right behind this one (a pass under way takes them anyway). */
  private wakeSoon(): void {
    if (this.active) {
      this.wake();
      return;
    }
    if (this.gatherTimer) return;
    this.gatherTimer = setTimeout(() => {
      this.gatherTimer = null;
      this.wake();
    }, this.options.notifyGatherMs ?? NOTIFY_GATHER_MS);
  }

  /**
   * Publishes until the outbox is empty. Resolves true when it is, false when the transport or
   * the database failed (the rows stay for the next attempt). Used on shutdown and by tests.
   */
  async flush(maxWaitMs = 10_000): Promise<boolean> {
    await this.active;
    const deadline = Date.now() + maxWaitMs;
    try {
      while (Date.now() < deadline) {
        if ((await this.passUntilDone()) === 'idle') return true;
        await sleep(BLOCKED_RETRY_MS / 2);
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'outbox relay: flush failed, rows stay for the next start');
    }
    return false;
  }

  /** Stops waking, then publishes what is left once (bounded: a dead transport fails fast). */
  async stop({ flush = true }: { flush?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.gatherTimer) clearTimeout(this.gatherTimer);
    this.gatherTimer = null;
    // UNLISTEN is a courtesy (the pool's end closes the listening connection anyway), and with
    // the database down postgres.js can hold it until the database returns: never wait long.
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await withTimeout(unlisten(), UNLISTEN_WAIT_MS).catch(() => {});
    await this.active;
    if (flush && this.failures === 0) await this.flush(5_000);
  }

  private async drain(): Promise<void> {
    while (this.requested && !this.stopped) {
      this.requested = false;
      let outcome: Outcome;
      try {
        outcome = await this.passUntilDone();
      } catch (error) {
        this.onFailure(error);
        return;
      }
      if (this.failures > 0) this.options.log.info({ failures: this.failures }, 'outbox relay: publishing again');
      this.failures = 0;
      if (outcome === 'blocked') {
        // Another relay is publishing older rows; come back shortly rather than spin.
        this.requested = false;
        this.schedule(BLOCKED_RETRY_MS);
        return;
      }
    }
    await this.maybePrune();
  }

  private onFailure(error: unknown): void {
    this.options.onError?.(error);
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.backoff);
    this.retryAt = Date.now() + delay;
    // First failure and every tenth after it: an outage should not flood the log.
    if (this.failures === 1 || this.failures % 10 === 0) {
      this.options.log.warn({ err: error, failures: this.failures, retryInMs: delay }, 'outbox relay: publish failed, retrying');
    }
    this.schedule(delay);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = 0;
      this.wake();
    }, ms);
    this.retryTimer.unref();
  }

  private async passUntilDone(): Promise<Exclude<Outcome, 'more'>> {
    for (;;) {
      const outcome = await this.pass();
      if (outcome !== 'more') return outcome;
    }
  }

  /**
   * One batch in one transaction: claim (lock and mark), publish, commit; about three round trips.
   * Throws when publishing failed, after taking back the mark of what the transport did not take.
   */
  private async pass(): Promise<Outcome> {
    const { db, transport, batchSize } = this.options;
    if (transport.redeliversFromOutbox) return this.passWithoutTransaction();
    // BEGIN goes out with the claim.
    const result = await pipelinedTransaction(db, async (tx) => {
      const claim = await claimUnpublished(tx, batchSize);
      if (claim.blocked) return { outcome: 'blocked' as Outcome, published: [] as OutboxRow[] };
      const { rows } = claim;
      if (rows.length === 0) return { outcome: 'idle' as Outcome, published: [] };
      const { accepted, error } = await transport.publish(rows);
      await unmarkPublished(
        tx,
        rows.slice(accepted).map((row) => row.id),
      );
      const outcome: Outcome = rows.length === batchSize ? 'more' : 'idle';
      return { outcome, published: rows.slice(0, accepted), error };
    });
    if (result.published.length > 0) this.options.onPublished?.(result.published);
    if ('error' in result && result.error !== undefined) throw result.error;
    return result.outcome;
  }

  /**
   * For a transport that reads unsettled events back from the outbox: claim and mark commit on
   * their own, then the hand-off. A crash in between leaves rows published and unsettled, which
   * the handlers' queues load again at the next start.
   */
  private async passWithoutTransaction(): Promise<Outcome> {
    return oneAtATime(this.options.transport, () => this.claimAndHandOver());
  }

  private async claimAndHandOver(): Promise<Outcome> {
    const { db, transport, batchSize } = this.options;
    const claim = await claimUnpublished(db, batchSize);
    if (claim.blocked) return 'blocked';
    if (claim.rows.length === 0) return 'idle';
    const { accepted, error } = await transport.publish(claim.rows);
    if (accepted < claim.rows.length || error !== undefined) {
      throw new Error('outbox relay: a transport that reads back from the outbox refused events', { cause: error });
    }
    this.options.onPublished?.(claim.rows);
    return claim.rows.length === batchSize ? 'more' : 'idle';
  }

  private async maybePrune(): Promise<void> {
    const hours = this.options.pruneAfterHours ?? 72;
    if (hours <= 0 || Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    try {
      const deleted = await prunePublished(this.options.db, hours, this.options.transport.outboxConsumers?.() ?? []);
      if (deleted > 0) this.options.log.info({ deleted }, 'outbox relay: pruned published rows');
    } catch (error) {
      this.options.log.warn({ err: error }, 'outbox relay: prune failed');
    }
  }
}

/**
 * Passes of the relays that hand over to the same bus, one at a time. Without a transaction, a
 * claim commits before its hand-off; two relays of one process (tests start two, and a process
 * may restart its relay) could then hand over in the opposite order of their claims, because
 * their answers come back on different connections in any order. Queued here, a second relay's
 * claim starts only once the first one's rows are on the bus.
 */
const passesByTransport = new WeakMap<object, Promise<unknown>>();

function oneAtATime<T>(transport: object, pass: () => Promise<T>): Promise<T> {
  const previous = passesByTransport.get(transport) ?? Promise.resolve();
  const next = previous.then(pass, pass);
  passesByTransport.set(
    transport,
    next.catch(() => {}),
  );
  return next;
}
