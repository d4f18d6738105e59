/**
 * What a handler is: a name (its durable consumer), the subjects it reacts to, a concurrency cap
 * and an idempotent `handle`. Throw PermanentError for failures a retry cannot fix (the event is
 * terminated and logged); any other error is transient and retried with backoff.
 */
import type { BackoffOptions } from '../../server/kernel/events/backoff.ts';
import type { EventOf, EventSubject } from '../../server/kernel/events/contracts.ts';
import type { Log } from '../../server/kernel/logging.ts';

export interface JobContext {
  /** 1 on the first delivery; a handler may act differently on a retry. */
  attempt: number;
  /** Long jobs call this (at least every ackWaitMs) so the event is not redelivered meanwhile. */
  progress(): void;
  log: Log;
  /**
   * Aborted when the process stops. A job that is only waiting (not half-way through a change)
   * may throw `JobStopped` then: the event is let go unsettled and comes again at the next start.
   */
  stopping: AbortSignal;
}

export interface EventHandler<S extends EventSubject = EventSubject> {
  /** Durable consumer name: lower case, digits and '-'. */
  name: string;
  subjects: readonly S[];
  /** Jobs of this handler running at once in one process. */
  concurrency: number;
  /** Deliveries before giving up (terminated and logged). Default 8. */
  maxDeliver?: number;
  /** Redelivery when a job neither finishes nor signals progress in this time. Default 30 s. */
  ackWaitMs?: number;
  /** Delay before retrying a transient failure. Default 1 s doubling to 5 min. */
  retryBackoff?: BackoffOptions;
  /** Must be idempotent: the same event may arrive more than once. */
  handle(event: EventOf<S>, context: JobContext): Promise<void>;
}

export class PermanentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentError';
  }
}

/** Thrown by a job that gives up because the process is stopping; not a failure of the event. */
export class JobStopped extends Error {
  constructor() {
    super('the process is stopping');
    this.name = 'JobStopped';
  }
}

export const HANDLER_DEFAULTS = {
  maxDeliver: 8,
  ackWaitMs: 30_000,
  retryBackoff: { baseMs: 1_000, maxMs: 5 * 60_000 },
} as const;

/** Typing helper: infers S from `subjects`, so `handle` gets the narrowed event union. */
export function defineHandler<S extends EventSubject>(handler: EventHandler<S>): EventHandler<S> {
  if (!/^[a-z][a-z0-9-]*$/.test(handler.name)) throw new Error(`invalid handler name "${handler.name}"`);
  if (!Number.isInteger(handler.concurrency) || handler.concurrency < 1) throw new Error(`${handler.name}: concurrency must be >= 1`);
  return handler;
}
