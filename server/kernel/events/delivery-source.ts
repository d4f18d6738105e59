/**
 * One delivery of one event to one handler, whichever transport carried it. The workers runtime
 * only sees this shape, so JetStream and the in-process bus run the very same consume loop.
 */
export interface Delivery {
  /** Domain subject, e.g. 'likes.created' (transport prefix removed). May be one no contract knows. */
  subject: string;
  /** The outbox row id; null when the message carried none (then it is refused). */
  eventId: number | null;
  occurredAt: string | null;
  /** The JSON payload as sent. Parsed and validated by the runtime, never trusted. */
  body: Uint8Array | string;
  /** 1 on the first delivery. */
  attempt: number;
  /**
   * Done. Typed void so any callback fits, but the in-process bus returns a promise that resolves
   * once the settlement is recorded; the runtime awaits it so stop() covers that write.
   */
  ack(): void;
  /** Redeliver after delayMs. */
  nak(delayMs: number): void;
  /** Never redeliver. May return a promise, as ack() does. */
  term(): void;
  /** The job is still running: do not redeliver yet. */
  working(): void;
}

export interface DeliverySource extends AsyncIterable<Delivery> {
  /** Ends the iteration: no new deliveries; deliveries already held may still be yielded. */
  stop(): Promise<void>;
}

/** Header names on JetStream messages. Nats-Msg-Id is JetStream's de-duplication key. */
export const HEADER_EVENT_ID = 'Nats-Msg-Id';
export const HEADER_OCCURRED_AT = 'Betroth-Occurred-At';
