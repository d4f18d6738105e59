/**
 * What the relay hands outbox rows to. Two implementations: JetStream (bus-nats.ts) and the
 * in-process bus (bus-in-process.ts). Everything before the hand-off is the same code.
 */
import type { ConsumerSubjects } from './delivery-records.ts';
import type { OutboxRow } from './outbox.ts';

export interface PublishResult {
  /** How many rows, from the start of the batch and in order, the transport has durably accepted. */
  accepted: number;
  /** Why the rest were not; the relay keeps them and retries with backoff. */
  error?: unknown;
}

export interface EventTransport {
  readonly kind: 'nats' | 'in-process';
  publish(rows: OutboxRow[]): Promise<PublishResult>;
  /**
   * True when publishing cannot fail and an event marked published but not yet settled by its
   * handlers is read back from the outbox after a crash (the in-process bus). The relay then marks
   * rows in one statement of their own and hands them over after it commits, instead of holding a
   * transaction open around the hand-off: one round trip per pass instead of three.
   */
  readonly redeliversFromOutbox?: boolean;
  /**
   * Handlers that read their events back from the outbox (in-process only: JetStream keeps its
   * own copy). Pruning keeps the rows these have not settled.
   */
  outboxConsumers?(): ConsumerSubjects[];
}

export class TransportUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransportUnavailableError';
  }
}
