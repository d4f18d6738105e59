/**
 * JetStream side of the runtime: one durable pull consumer per handler (explicit ack, ack wait,
 * max deliver), shared by every workers instance so they split the work. The source re-opens
 * consume() after any failure, with backoff, following nats.js examples/04_consume.
 */
import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/transport-node';
import { backoffDelay } from '../../server/kernel/events/backoff.ts';
import { domainSubject, ensureStream, natsSubject, type StreamSettings } from '../../server/kernel/events/bus-nats.ts';
import { type Delivery, type DeliverySource, HEADER_EVENT_ID, HEADER_OCCURRED_AT } from '../../server/kernel/events/delivery-source.ts';
import type { NatsLink } from '../../server/kernel/events/nats-link.ts';
import type { Log } from '../../server/kernel/logging.ts';
import { type EventHandler, HANDLER_DEFAULTS } from './handler.ts';

/** Servers from 2.10 filter a consumer on several subjects; older ones take one (then we filter). */
function supportsManyFilters(nc: NatsConnection): boolean {
  const [major, minor] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

export function consumerConfig(nc: NatsConnection, handler: EventHandler, subjectPrefix: string): Partial<ConsumerConfig> {
  const subjects = handler.subjects.map((subject) => natsSubject(subjectPrefix, subject));
  const filter =
    subjects.length === 1
      ? { filter_subject: subjects[0] }
      : supportsManyFilters(nc)
        ? { filter_subjects: subjects }
        : { filter_subject: `${subjectPrefix}.>` };
  return {
    durable_name: handler.name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(handler.ackWaitMs ?? HANDLER_DEFAULTS.ackWaitMs),
    max_deliver: handler.maxDeliver ?? HANDLER_DEFAULTS.maxDeliver,
    max_ack_pending: 1_000,
    ...filter,
  };
}

/** Creates the durable consumer, or brings an existing one's settings up to date. */
export async function ensureConsumer(
  nc: NatsConnection,
  stream: string,
  handler: EventHandler,
  subjectPrefix: string,
  log: Log,
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = consumerConfig(nc, handler, subjectPrefix);
  const existing = await jsm.consumers.info(stream, handler.name).catch(() => null);
  if (!existing) {
    await jsm.consumers.add(stream, config);
    return;
  }
  const { durable_name: _name, deliver_policy: _policy, ...updatable } = config;
  await jsm.consumers.update(stream, handler.name, updatable).catch((error) => {
    log.warn({ err: error, handler: handler.name }, 'consumer settings not updated; keeping the existing ones');
  });
}

function toDelivery(message: JsMsg, subjectPrefix: string): Delivery {
  const id = Number(message.headers?.get(HEADER_EVENT_ID));
  return {
    subject: domainSubject(subjectPrefix, message.subject) ?? message.subject,
    eventId: Number.isSafeInteger(id) && id > 0 ? id : null,
    occurredAt: message.headers?.get(HEADER_OCCURRED_AT) || null,
    body: message.data,
    attempt: message.info.deliveryCount,
    ack: () => message.ack(),
    nak: (delayMs) => message.nak(delayMs),
    // No reason text: servers before 2.11 do not read one.
    term: () => message.term(),
    working: () => message.working(),
  };
}

export function natsSource(link: NatsLink, settings: StreamSettings, handler: EventHandler, log: Log): DeliverySource {
  let stopped = false;
  let messages: ConsumerMessages | null = null;
  let signalStop: () => void = () => {};
  const stopSignal = new Promise<null>((resolve) => {
    signalStop = () => resolve(null);
  });
  const pause = (ms: number) => Promise.race([new Promise((resolve) => setTimeout(resolve, ms).unref()), stopSignal]);

  async function* iterate(): AsyncGenerator<Delivery> {
    for (let failures = 0; !stopped;) {
      try {
        const nc = await Promise.race([link.ready(60_000), stopSignal]);
        if (!nc || stopped) return;
        await ensureStream(nc, settings);
        await ensureConsumer(nc, settings.stream, handler, settings.subjectPrefix, log);
        const consumer = await jetstream(nc).consumers.get(settings.stream, handler.name);
        messages = await consumer.consume({ max_messages: handler.concurrency });
        if (stopped) {
          await messages.close();
          return;
        }
        failures = 0;
        for await (const message of messages) {
          if (stopped) {
            // Let another instance have it now rather than after the ack wait.
            message.nak();
            continue;
          }
          yield toDelivery(message, settings.subjectPrefix);
        }
      } catch (error) {
        if (stopped) return;
        failures += 1;
        const delay = backoffDelay(failures, { baseMs: 500, maxMs: 15_000 });
        log.warn({ err: error, handler: handler.name, retryInMs: delay }, 'consumer failed, reopening');
        await pause(delay);
      }
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async stop() {
      stopped = true;
      signalStop();
      await messages?.close();
    },
  };
}
