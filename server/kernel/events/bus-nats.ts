/**
 * JetStream transport: outbox rows become messages on `<prefix>.<domain>.<verb>` in the stream
 * (created when missing), with msgID = row id so JetStream drops a republished row within its
 * duplicate window. Publishes are pipelined; the relay marks only the in-order prefix that
 * JetStream acknowledged.
 */
import { DiscardPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { headers, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { Log } from '../logging.ts';
import { HEADER_OCCURRED_AT } from './delivery-source.ts';
import type { NatsLink } from './nats-link.ts';
import type { OutboxRow } from './outbox.ts';
import { type EventTransport, type PublishResult, TransportUnavailableError } from './transport.ts';

export interface StreamSettings {
  stream: string;
  /** Subjects are `<subjectPrefix>.<domain>.<verb>`; the stream captures `<subjectPrefix>.>`. */
  subjectPrefix: string;
}

/** How long the stream keeps events, and the window in which a repeated msgID is dropped. */
export const STREAM_MAX_AGE_MS = 7 * 24 * 3_600_000;
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
const PUBLISH_TIMEOUT_MS = 5_000;

export const natsSubject = (prefix: string, subject: string) => `${prefix}.${subject}`;

/** The domain subject of a stream subject, or null when it is not under the prefix. */
export function domainSubject(prefix: string, natsSubjectName: string): string | null {
  return natsSubjectName.startsWith(`${prefix}.`) ? natsSubjectName.slice(prefix.length + 1) : null;
}

/** Creates the stream when it does not exist; an existing stream is left as the operator set it. */
export async function ensureStream(nc: NatsConnection, { stream, subjectPrefix }: StreamSettings): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(stream);
    return;
  } catch {
    // Not found (or not readable): try to create it.
  }
  try {
    await jsm.streams.add({
      name: stream,
      subjects: [`${subjectPrefix}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_age: nanos(STREAM_MAX_AGE_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      num_replicas: 1,
    });
  } catch (error) {
    // Another instance may have created it in between.
    await jsm.streams.info(stream).catch(() => {
      throw error;
    });
  }
}

export class NatsTransport implements EventTransport {
  readonly kind = 'nats' as const;
  private streamReadyOn: NatsConnection | null = null;

  private readonly link: NatsLink;
  private readonly settings: StreamSettings;
  private readonly log: Log;
  constructor(link: NatsLink, settings: StreamSettings, log: Log) {
    this.link = link;
    this.settings = settings;
    this.log = log;
  }

  async publish(rows: OutboxRow[]): Promise<PublishResult> {
    const nc = this.link.current();
    if (!nc) throw new TransportUnavailableError(`NATS at ${this.link.url} is not connected`);
    if (this.streamReadyOn !== nc) {
      await ensureStream(nc, this.settings);
      this.streamReadyOn = nc;
      this.log.info({ stream: this.settings.stream }, 'JetStream stream ready');
    }
    const js = jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS });
    // Sent back to back on one connection, so the stream stores them in this order.
    const acks = await Promise.allSettled(
      rows.map((row) => {
        const h = headers();
        h.set(HEADER_OCCURRED_AT, row.occurredAt);
        return js.publish(natsSubject(this.settings.subjectPrefix, row.subject), JSON.stringify(row.payload), {
          msgID: String(row.id),
          headers: h,
          expect: { streamName: this.settings.stream },
        });
      }),
    );
    const failed = acks.findIndex((ack) => ack.status === 'rejected');
    if (failed === -1) return { accepted: rows.length };
    // The stream may have been deleted or changed: check it again before the next attempt.
    this.streamReadyOn = null;
    return { accepted: failed, error: (acks[failed] as PromiseRejectedResult).reason };
  }
}
