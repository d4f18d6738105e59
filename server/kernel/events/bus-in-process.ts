/**
 * The embedded default (no NATS_URL): the relay hands outbox rows to in-memory queues, one per
 * handler, and the workers runtime consumes them exactly as it consumes JetStream: same
 * validation, ack / nak(delay) / term, attempts and concurrency cap.
 *
 * Durability differs and is documented: a row is marked published once it is queued here, so a
 * crash loses the jobs queued or running at that moment (graceful shutdown finishes them). Runs
 * that must not lose a job use NATS.
 */
import type { Log } from '../logging.ts';
import type { Delivery, DeliverySource } from './delivery.ts';
import type { OutboxRow } from './outbox.ts';
import type { EventTransport, PublishResult } from './transport.ts';

interface QueuedEvent {
  row: OutboxRow;
  body: string;
  attempt: number;
}

/** One handler's queue: a DeliverySource fed by the bus and by its own redeliveries. */
export class InProcessQueue implements DeliverySource {
  private readonly items: QueuedEvent[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private waiter: ((result: IteratorResult<Delivery>) => void) | null = null;
  private stopping = false;

  constructor(
    readonly name: string,
    private readonly subjects: ReadonlySet<string>,
    private readonly maxDeliver: number,
    private readonly log: Log,
  ) {}

  accepts(subject: string): boolean {
    return this.subjects.has(subject);
  }

  enqueue(event: QueuedEvent): void {
    if (this.stopping) return;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter({ value: this.toDelivery(event), done: false });
    } else {
      this.items.push(event);
    }
  }

  /** No new events; the queued ones are still handed out, then the iteration ends. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timers.size > 0) {
      this.log.warn({ handler: this.name, pending: this.timers.size }, 'in-process retries dropped at shutdown');
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
      next: () => {
        const event = this.items.shift();
        if (event) return Promise.resolve({ value: this.toDelivery(event), done: false });
        if (this.stopping) return Promise.resolve({ value: undefined, done: true });
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

  private toDelivery(event: QueuedEvent): Delivery {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    return {
      subject: event.row.subject,
      eventId: event.row.id,
      occurredAt: event.row.occurredAt,
      body: event.body,
      attempt: event.attempt,
      ack: () => settle(() => {}),
      term: () => settle(() => {}),
      working: () => {},
      nak: (delayMs: number) =>
        settle(() => {
          if (this.stopping || event.attempt >= this.maxDeliver) return;
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.enqueue({ ...event, attempt: event.attempt + 1 });
          }, delayMs);
          timer.unref();
          this.timers.add(timer);
        }),
    };
  }
}

export class InProcessBus implements EventTransport {
  readonly kind = 'in-process' as const;
  private readonly queues = new Set<InProcessQueue>();

  constructor(private readonly log: Log) {}

  /** A durable-consumer look-alike for one handler. */
  consumer(name: string, subjects: readonly string[], maxDeliver: number): InProcessQueue {
    const queue = new InProcessQueue(name, new Set(subjects), maxDeliver, this.log);
    this.queues.add(queue);
    return queue;
  }

  remove(queue: InProcessQueue): void {
    this.queues.delete(queue);
  }

  async publish(rows: OutboxRow[]): Promise<PublishResult> {
    for (const row of rows) {
      // The payload travels as JSON text, as over NATS: handlers never share the relay's object.
      const body = JSON.stringify(row.payload);
      for (const queue of this.queues) {
        if (queue.accepts(row.subject)) queue.enqueue({ row, body, attempt: 1 });
      }
    }
    return { accepted: rows.length };
  }
}
