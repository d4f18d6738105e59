/**
 * Webhook delivery as Stripe does it: every event is POSTed as its exact JSON bytes, signed with
 * a fresh timestamp on every attempt; an answer outside 2xx (or a failed request) is retried
 * with exponential backoff until the attempts run out. The attempts of one event never overlap
 * (a manual resend waits for a running attempt), while different events go out independently and
 * in no guaranteed order, as at Stripe.
 *
 * Retry timers are unref'd, so a forgotten emulator never keeps a process alive, and close()
 * clears them.
 */
import { signatureHeader } from './webhook-signature.ts';

export type Deliver = (delivery: { body: string; headers: Record<string, string> }) => Promise<number>;

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface DeliveryLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface EventDeliveryInfo {
  id: string;
  type: string;
  sessionId: string;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
}

interface EventRecord extends EventDeliveryInfo {
  body: string;
  /** The end of this event's chain of attempts: the next one starts after it. */
  tail: Promise<unknown>;
  timer: NodeJS.Timeout | null;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export class DeliveryQueue {
  // A Map keeps creation order, the order events() lists them in.
  private readonly records = new Map<string, EventRecord>();
  private readonly waiting = new Set<EventRecord>();
  private running = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  private deliver: Deliver | null;
  private readonly options: { secret: string; retry: RetryPolicy; now: () => number; log: DeliveryLog };
  constructor(deliver: Deliver | null, options: { secret: string; retry: RetryPolicy; now: () => number; log: DeliveryLog }) {
    this.deliver = deliver;
    this.options = options;
  }

  /** Whether new events will be sent: Stripe's `pending_webhooks` counts the endpoints still to reach. */
  get delivering(): boolean {
    return this.deliver !== null && !this.closed;
  }

  setDeliver(deliver: Deliver | null): void {
    this.deliver = deliver;
  }

  /** Records a new event and, when a deliver function is set, starts delivering it. */
  add(event: { id: string; type: string; sessionId: string; body: string }): void {
    const record: EventRecord = { ...event, attempts: 0, delivered: false, lastStatus: null, tail: Promise.resolve(), timer: null };
    this.records.set(record.id, record);
    if (this.delivering) void this.track(this.automatic(record, 1));
  }

  list(): EventDeliveryInfo[] {
    return [...this.records.values()].map(({ id, type, sessionId, attempts, delivered, lastStatus }) => ({
      id,
      type,
      sessionId,
      attempts,
      delivered,
      lastStatus,
    }));
  }

  /** One more attempt now (after a running one), as the dashboard's "resend"; rejects when deliver throws. */
  resend(eventId: string): Promise<number> {
    const record = this.records.get(eventId);
    if (!record) return Promise.reject(new Error(`No such event: '${eventId}'`));
    if (this.closed) return Promise.reject(new Error('The Stripe emulator is closed.'));
    return this.track(this.serialized(record, () => this.attempt(record)));
  }

  /** Resolves once nothing is being delivered and no retry is waiting. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops every retry; attempts already running finish, but nothing follows them. */
  close(): void {
    this.closed = true;
    for (const record of this.waiting) if (record.timer) clearTimeout(record.timer);
    for (const record of this.waiting) record.timer = null;
    this.waiting.clear();
    this.wake();
  }

  private isIdle(): boolean {
    return this.closed || (this.running === 0 && this.waiting.size === 0);
  }

  private wake(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running++;
    return work.finally(() => {
      this.running--;
      this.wake();
    });
  }

  private serialized<T>(record: EventRecord, task: () => Promise<T>): Promise<T> {
    const run = record.tail.then(task);
    record.tail = run.catch(() => undefined);
    return run;
  }

  /** One signed POST of the event; records its outcome. */
  private async attempt(record: EventRecord): Promise<number> {
    const deliver = this.deliver;
    if (!deliver) throw new Error('No webhook deliver function is set on the Stripe emulator.');
    record.attempts++;
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      Accept: '*/*; q=0.5, application/xml',
      'Cache-Control': 'no-cache',
      'Stripe-Signature': signatureHeader(record.body, this.options.secret, Math.floor(this.options.now() / 1000)),
    };
    const context = { eventId: record.id, type: record.type, attempt: record.attempts };
    let status: number;
    try {
      status = await deliver({ body: record.body, headers });
    } catch (error) {
      record.lastStatus = null;
      this.options.log.warn(
        { ...context, err: error instanceof Error ? error.message : String(error) },
        'stripe emulator: webhook delivery failed',
      );
      throw error;
    }
    record.lastStatus = status;
    if (isSuccess(status)) {
      record.delivered = true;
      this.cancelRetry(record);
      this.options.log.info({ ...context, status }, 'stripe emulator: webhook delivered');
    } else {
      this.options.log.warn({ ...context, status }, 'stripe emulator: webhook refused');
    }
    return status;
  }

  /** Attempt number `attempt` of the automatic schedule, and the retry after it when it fails. */
  private async automatic(record: EventRecord, attempt: number): Promise<void> {
    const failed = await this.serialized(record, async () => {
      // A resend may have delivered it meanwhile, or delivery been switched off or closed.
      if (record.delivered || this.closed || !this.deliver) return false;
      try {
        return !isSuccess(await this.attempt(record));
      } catch {
        return true;
      }
    });
    if (!failed || this.closed || record.delivered) return;
    const { attempts, baseDelayMs, maxDelayMs } = this.options.retry;
    if (attempt >= attempts) {
      this.options.log.warn(
        { eventId: record.id, type: record.type, attempts: record.attempts },
        'stripe emulator: webhook delivery given up',
      );
      return;
    }
    const delay = Math.min(baseDelayMs * 2 ** (attempt - 1), maxDelayMs);
    record.timer = setTimeout(() => {
      record.timer = null;
      this.waiting.delete(record);
      void this.track(this.automatic(record, attempt + 1));
    }, delay);
    record.timer.unref();
    this.waiting.add(record);
  }

  private cancelRetry(record: EventRecord): void {
    if (record.timer) clearTimeout(record.timer);
    record.timer = null;
    this.waiting.delete(record);
    this.wake();
  }
}
