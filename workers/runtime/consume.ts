/**
 * The consume loop every handler runs in, for either transport: take a delivery when a slot is
 * free (concurrency cap), validate it against its contract, run the handler, then
 *   success -> ack;  PermanentError, invalid payload or last attempt -> term + an error log line;
 *   the database unreachable -> hold the delivery until it answers, then run it again (no
 *     attempt is spent: an outage is not the event's fault, and it would otherwise use up every
 *     attempt and drop events); all slots held so, the loop takes nothing new;
 *   other errors -> nak with backoff.
 * stop() ends the source and waits for the jobs in flight to finish (a held one is left for
 * redelivery).
 */
import { backoffDelay } from '../../server/kernel/events/backoff.ts';
import { type EventOf, type EventSubject, eventPayloadProblems } from '../../server/kernel/events/contracts.ts';
import type { Delivery, DeliverySource } from '../../server/kernel/events/delivery-source.ts';
import type { Log } from '../../server/kernel/logging.ts';
import type { Metrics } from '../../server/kernel/metrics.ts';
import { type EventHandler, HANDLER_DEFAULTS, JobStopped, PermanentError } from './handler.ts';

export type Outcome = 'ack' | 'nak' | 'term' | 'skip';

/** The process's database health watch (kernel/db/health.ts), as the loop uses it. */
export interface DatabaseWatch {
  /** True when the error means the database is unreachable (and the watch now probes it). */
  report(error: unknown): boolean;
  untilAvailable(signal?: AbortSignal): Promise<boolean>;
}

export interface ConsumeDeps {
  log: Log;
  metrics?: Metrics;
  database?: DatabaseWatch;
}

export interface RunningConsumer {
  readonly handler: string;
  /** Resolves when the loop has ended and every job in flight has finished. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

const decoder = new TextDecoder();

function parse(body: Uint8Array | string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(typeof body === 'string' ? body : decoder.decode(body)) };
  } catch {
    return { ok: false };
  }
}

/**
 * Waits until the database answers again, telling the broker now and then that the delivery is
 * still being worked on so it is not handed to someone else. False when the worker stops first.
 */
async function holdUntilDatabaseAnswers(
  database: DatabaseWatch,
  delivery: Delivery,
  ackWaitMs: number,
  stopping?: AbortSignal,
): Promise<boolean> {
  const everyMs = Math.max(1_000, Math.floor(ackWaitMs / 3));
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      database.untilAvailable(stopping),
      new Promise<'tick'>((resolve) => {
        timer = setTimeout(() => resolve('tick'), everyMs);
      }),
    ]);
    clearTimeout(timer);
    if (answered !== 'tick') return answered && !stopping?.aborted;
    delivery.working();
  }
}

export interface ProcessOptions {
  database?: DatabaseWatch;
  /** Aborted when the worker stops: a delivery held for the database is then let go. */
  stopping?: AbortSignal;
}

/** Handles one delivery and settles it exactly once. Never throws. */
export async function processDelivery(handler: EventHandler, delivery: Delivery, log: Log, options: ProcessOptions = {}): Promise<Outcome> {
  const where = { handler: handler.name, subject: delivery.subject, eventId: delivery.eventId, attempt: delivery.attempt };
  if (!(handler.subjects as readonly string[]).includes(delivery.subject)) {
    // The consumer's filter was wider than the handler (servers before 2.10 filter one subject).
    await delivery.ack();
    return 'skip';
  }
  const parsed = parse(delivery.body);
  const problems = parsed.ok ? eventPayloadProblems(delivery.subject, parsed.value) : ['body is not JSON'];
  if (delivery.eventId === null) problems.push('no event id');
  if (problems.length > 0 || !parsed.ok) {
    await delivery.term();
    log.error({ ...where, problems }, 'event terminated: invalid payload');
    return 'term';
  }
  const event = {
    id: delivery.eventId as number,
    subject: delivery.subject as EventSubject,
    payload: parsed.value,
    occurredAt: delivery.occurredAt ?? new Date().toISOString(),
  } as EventOf<EventSubject>;
  const maxDeliver = handler.maxDeliver ?? HANDLER_DEFAULTS.maxDeliver;
  const stopping = options.stopping ?? new AbortController().signal;
  for (;;) {
    try {
      await handler.handle(event, { attempt: delivery.attempt, progress: () => delivery.working(), log, stopping });
      // Awaited: the in-process bus records the settlement, and the job's slot covers that write.
      await delivery.ack();
      return 'ack';
    } catch (error) {
      const { database } = options;
      if (error instanceof JobStopped) {
        // Let go without spending an attempt: delivered again to the next start or another instance.
        delivery.nak(0);
        return 'nak';
      }
      if (!database?.report(error)) return settleFailure(handler, delivery, error, maxDeliver, log);
      log.warn({ ...where, err: error }, 'database unavailable: the event waits for it');
      if (await holdUntilDatabaseAnswers(database, delivery, handler.ackWaitMs ?? HANDLER_DEFAULTS.ackWaitMs, stopping)) continue;
      // Stopping: redelivered later, to this process's next start or another instance.
      delivery.nak(0);
      return 'nak';
    }
  }
}

/** A failure that is the event's or the handler's own: term it, or nak it for a later attempt. */
async function settleFailure(handler: EventHandler, delivery: Delivery, error: unknown, maxDeliver: number, log: Log): Promise<Outcome> {
  const where = { handler: handler.name, subject: delivery.subject, eventId: delivery.eventId, attempt: delivery.attempt };
  if (error instanceof PermanentError) {
    await delivery.term();
    log.error({ ...where, err: error }, 'event terminated: permanent failure');
    return 'term';
  }
  if (delivery.attempt >= maxDeliver) {
    await delivery.term();
    log.error({ ...where, err: error }, `event terminated: still failing after ${maxDeliver} attempts`);
    return 'term';
  }
  const delay = backoffDelay(delivery.attempt, handler.retryBackoff ?? HANDLER_DEFAULTS.retryBackoff);
  delivery.nak(delay);
  log.warn({ ...where, err: error, retryInMs: delay }, 'handler failed, will retry');
  return 'nak';
}

/** A counting semaphore for the concurrency cap. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

export function runConsumer(handler: EventHandler, source: DeliverySource, { log, metrics, database }: ConsumeDeps): RunningConsumer {
  const slots = new Slots(handler.concurrency);
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const done = (async () => {
    try {
      for await (const delivery of source) {
        await slots.acquire();
        const job: Promise<void> = processDelivery(handler, delivery, log, { database, stopping: stopping.signal })
          .then((outcome) => {
            metrics?.eventsConsumed.inc({ handler: handler.name, subject: delivery.subject, outcome });
          })
          // Settling itself can fail (the in-process bus records it in the database): the
          // delivery then stays unsettled and comes again; it must not end the process.
          .catch((error: unknown) =>
            log.error({ err: error, handler: handler.name }, 'settling an event failed; it will be delivered again'),
          )
          .finally(() => {
            slots.release();
            inFlight.delete(job);
          });
        inFlight.add(job);
      }
    } catch (error) {
      log.error({ err: error, handler: handler.name }, 'consume loop failed');
    } finally {
      await Promise.allSettled([...inFlight]);
    }
  })();
  return {
    handler: handler.name,
    done,
    async stop() {
      stopping.abort();
      await source.stop();
      await done;
    },
  };
}
