/**
 * The embedded default (no NATS_URL): the relay hands outbox rows to in-memory queues, one per
 * handler, and the workers runtime consumes them exactly as it consumes JetStream: same
 * validation, ack / nak(delay) / term, attempts and concurrency cap.
 *
 * Durable and at-least-once like a JetStream durable consumer, with the outbox as the stream:
 * ack and term are recorded in event_deliveries, and a queue starts by loading every published
 * row its handler accepts and has not settled (oldest first). So a crash loses nothing: jobs
 * queued, running or waiting for a retry are delivered again at the next start. A job that ran
 * but whose record was not written runs twice; handlers are idempotent.
 */
import type { Db } from '../db/client.ts';
import type { Log } from '../logging.ts';
import { backoffDelay } from './backoff.ts';
import { type ConsumerSubjects, recordSettled, type SettledOutcome, unsettledEvents } from './delivery-records.ts';
import type { Delivery, DeliverySource } from './delivery-source.ts';
import type { OutboxRow } from './outbox.ts';
import type { EventTransport, PublishResult } from './transport.ts';

interface QueuedEvent {
  row: OutboxRow;
  body: string;
  attempt: number;
}

const queued = (row: OutboxRow): QueuedEvent => ({
  row,
  // The payload travels as JSON text, as over NATS: handlers never share the relay's object.
  body: JSON.stringify(row.payload),
  attempt: 1,
});

/** One handler's queue: a DeliverySource fed by its backlog, by the bus and by its own retries. */
export class InProcessQueue implements DeliverySource {
  private items: QueuedEvent[] = [];
  /** Events queued, running or waiting for a retry: the bus or the backlog must not add them twice. */
  private readonly outstanding = new Set<number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private waiter: ((result: IteratorResult<Delivery>) => void) | null = null;
  private stopping = false;
  private signalStop: () => void = () => {};
  private readonly stopped = new Promise<void>((resolve) => {
    this.signalStop = resolve;
  });
  /** Nothing is handed out before the backlog is queued, so older events go first. */
  private readonly ready: Promise<void>;

  readonly consumer: ConsumerSubjects;
  private readonly maxDeliver: number;
  private readonly db: Db;
  private readonly log: Log;
  constructor(consumer: ConsumerSubjects, maxDeliver: number, db: Db, log: Log) {
    this.consumer = consumer;
    this.maxDeliver = maxDeliver;
    this.db = db;
    this.log = log;
    this.ready = this.loadBacklog();
  }

  get name(): string {
    return this.consumer.handler;
  }

  accepts(subject: string): boolean {
    return this.consumer.subjects.includes(subject);
  }

  /** A row from the relay; ignored when this queue already holds it. */
  enqueue(row: OutboxRow): void {
    if (this.stopping || this.outstanding.has(row.id)) return;
    this.outstanding.add(row.id);
    this.hand(queued(row));
  }

  /** No new events; the queued ones are still handed out, then the iteration ends. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.signalStop();
    if (this.timers.size > 0) {
      this.log.info({ handler: this.name, pending: this.timers.size }, 'in-process retries left for the next start');
    }
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.items.length === 0 && this.waiter) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<Delivery> {
    return {
      next: async () => {
        await this.ready;
        const event = this.items.shift();
        if (event) return { value: this.toDelivery(event), done: false };
        if (this.stopping) return { value: undefined, done: true };
        return new Promise((resolve) => {
          this.waiter = resolve;
        });
      },
      return: async () => {
        await this.stop();
        return { value: undefined, done: true };
      },
    };
  }

  private hand(event: QueuedEvent): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter({ value: this.toDelivery(event), done: false });
    } else {
      this.items.push(event);
    }
  }

  /** Retries until it succeeds or the queue stops: without it, owed events would wait for a restart. */
  private async loadBacklog(): Promise<void> {
    for (let failures = 0; !this.stopping;) {
      try {
        const rows = await unsettledEvents(this.db, this.consumer);
        // Rows the relay handed over meanwhile are already queued, behind the older backlog.
        const backlog = rows.filter((row) => !this.outstanding.has(row.id));
        for (const row of backlog) this.outstanding.add(row.id);
        // concat, not unshift(...): a long backlog would overflow the argument list.
        this.items = backlog.map(queued).concat(this.items);
        if (backlog.length > 0)
          this.log.info({ handler: this.name, events: backlog.length }, 'in-process: delivering unsettled events again');
        return;
      } catch (error) {
        failures += 1;
        const delay = backoffDelay(failures, { baseMs: 500, maxMs: 15_000 });
        this.log.warn({ err: error, handler: this.name, retryInMs: delay }, 'in-process: backlog not loaded, retrying');
        await Promise.race([new Promise((resolve) => setTimeout(resolve, delay).unref()), this.stopped]);
      }
    }
  }

  private async settle(event: QueuedEvent, outcome: SettledOutcome): Promise<void> {
    try {
      await recordSettled(this.db, event.row.id, this.name, outcome);
    } catch (error) {
      // Not lost: with no record the event is delivered again at the next start.
      this.log.warn({ err: error, handler: this.name, eventId: event.row.id }, 'in-process: settlement not recorded');
    } finally {
      this.outstanding.delete(event.row.id);
    }
  }

  private toDelivery(event: QueuedEvent): Delivery {
    let settled = false;
    const once = <T>(action: () => T): T | undefined => {
      if (settled) return undefined;
      settled = true;
      return action();
    };
    return {
      subject: event.row.subject,
      eventId: event.row.id,
      occurredAt: event.row.occurredAt,
      body: event.body,
      attempt: event.attempt,
      ack: () => once(() => this.settle(event, 'acked')),
      term: () => once(() => this.settle(event, 'termed')),
      working: () => {},
      nak: (delayMs: number) =>
        once(() => {
          // Dropped here (stopping, or out of attempts) means unsettled: redelivered at the next start.
          if (this.stopping || event.attempt >= this.maxDeliver) return;
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            if (!this.stopping) this.hand({ ...event, attempt: event.attempt + 1 });
          }, delayMs);
          timer.unref();
          this.timers.add(timer);
        }),
    };
  }
}

export class InProcessBus implements EventTransport {
  readonly kind = 'in-process' as const;
  // Every queue loads the published rows its handler has not settled when it starts.
  readonly redeliversFromOutbox = true;
  private readonly queues = new Set<InProcessQueue>();

  /** db: where deliveries are recorded and owed events are read back from. */
  private readonly db: Db;
  private readonly log: Log;
  constructor(db: Db, log: Log) {
    this.db = db;
    this.log = log;
  }

  /** A durable-consumer look-alike for one handler; it starts with the events the handler still owes. */
  consumer(name: string, subjects: readonly string[], maxDeliver: number): InProcessQueue {
    const queue = new InProcessQueue({ handler: name, subjects: [...subjects] }, maxDeliver, this.db, this.log);
    this.queues.add(queue);
    return queue;
  }

  remove(queue: InProcessQueue): void {
    this.queues.delete(queue);
  }

  outboxConsumers(): ConsumerSubjects[] {
    return [...this.queues].map((queue) => queue.consumer);
  }

  async publish(rows: OutboxRow[]): Promise<PublishResult> {
    for (const row of rows) {
      for (const queue of this.queues) {
        if (queue.accepts(row.subject)) queue.enqueue(row);
      }
    }
    return { accepted: rows.length };
  }
}
