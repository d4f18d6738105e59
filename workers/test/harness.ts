/** Builds the delivery-suite harness for each transport on a fresh test database. */
import { jetstreamManager } from '@nats-io/jetstream';
import type { Test } from 'tap';
import { connectDatabase } from '../../server/kernel/db/client.ts';
import { InProcessBus } from '../../server/kernel/events/bus-in-process.ts';
import { unsettledEvents } from '../../server/kernel/events/delivery-records.ts';
import type { Delivery, DeliverySource } from '../../server/kernel/events/delivery-source.ts';
import { NatsTransport, type StreamSettings } from '../../server/kernel/events/bus-nats.ts';
import { NatsLink } from '../../server/kernel/events/nats-link.ts';
import { OutboxRelay, type RelayOptions } from '../../server/kernel/events/relay.ts';
import type { EventTransport } from '../../server/kernel/events/transport.ts';
import { createTestDatabase } from '../../server/test/app.ts';
import { memoryLog, natsTestEnv } from '../../server/test/nats.ts';
import { type RunningConsumer, runConsumer } from '../runtime/consume.ts';
import { HANDLER_DEFAULTS } from '../runtime/handler.ts';
import { natsSource } from '../runtime/source-nats.ts';
import type { Harness, TestConsumer } from './delivery-suite.ts';

type Closer = () => Promise<unknown> | unknown;

/** Event id -> attempt of every delivery handed out and not yet acked or terminated. */
type Unsettled = Map<number, number>;

/**
 * Wraps a delivery source to see what the test cannot see from outside: when the source has
 * stopped, and (when given `unsettled`) which deliveries are still unsettled. An ack or term
 * counts once what it returns (the in-process settlement record) has resolved.
 */
function observed(source: DeliverySource, unsettled?: Unsettled): DeliverySource & { stopped: boolean } {
  const track = (delivery: Delivery): Delivery => {
    if (!unsettled || delivery.eventId === null) return delivery;
    const id = delivery.eventId;
    unsettled.set(id, delivery.attempt);
    const settling = (action: () => void) => () =>
      Promise.resolve(action() as unknown).then(() => {
        unsettled.delete(id);
      });
    return { ...delivery, ack: settling(delivery.ack), term: settling(delivery.term) };
  };
  const wrapper = {
    stopped: false,
    async stop() {
      await source.stop();
      wrapper.stopped = true;
    },
    [Symbol.asyncIterator](): AsyncIterator<Delivery> {
      const inner = source[Symbol.asyncIterator]();
      return {
        next: async () => {
          const result = await inner.next();
          return result.done ? result : { done: false, value: track(result.value) };
        },
        return: async () => (inner.return ? inner.return() : { done: true, value: undefined }),
      };
    },
  };
  return wrapper;
}

function consumerOf(consumer: RunningConsumer, source: { stopped: boolean }): TestConsumer {
  return {
    handler: consumer.handler,
    done: consumer.done,
    stop: () => consumer.stop(),
    get sourceStopped() {
      return source.stopped;
    },
  };
}

async function base(t: Test) {
  const url = await createTestDatabase(t);
  const database = connectDatabase(url, { max: 10 });
  const log = memoryLog();
  // One teardown, run last-in first-out: consumers and relays stop before their connections close.
  const closers: Closer[] = [() => database.close()];
  t.teardown(async () => {
    for (const close of closers.reverse()) await close();
  });
  const relayFor =
    (transport: EventTransport) =>
    (options: Partial<RelayOptions> = {}) => {
      const relay = new OutboxRelay({
        db: database.db,
        transport,
        log,
        batchSize: 50,
        pollMs: 200,
        listener: database.sql,
        backoff: { baseMs: 50, maxMs: 1_000 },
        ...options,
      });
      relay.start();
      closers.push(() => relay.stop());
      return relay;
    };
  return { database, log, closers, relayFor };
}

export async function natsHarness(t: Test): Promise<Harness & { settings: StreamSettings; link: NatsLink; closers: Closer[] }> {
  const { database, log, closers, relayFor } = await base(t);
  const env = natsTestEnv(t);
  const settings = { stream: env.NATS_STREAM, subjectPrefix: env.NATS_SUBJECT_PREFIX };
  const link = new NatsLink({ url: env.NATS_URL, name: 'test', log });
  link.start();
  closers.push(() => link.close());
  return {
    kind: 'nats',
    db: database.db,
    log,
    settings,
    link,
    closers,
    newRelay: relayFor(new NatsTransport(link, settings, log)),
    consume(handler) {
      const source = observed(natsSource(link, settings, handler, log));
      const consumer = runConsumer(handler, source, { log });
      closers.push(() => consumer.stop());
      return consumerOf(consumer, source);
    },
    async pending(name) {
      const jsm = await jetstreamManager(await link.ready());
      const info = await jsm.consumers.info(settings.stream, name);
      return { ackPending: info.num_ack_pending, redelivered: info.num_redelivered, waiting: info.num_pending };
    },
  };
}

export async function inProcessHarness(t: Test): Promise<Harness> {
  const { database, log, closers, relayFor } = await base(t);
  const bus = new InProcessBus(database.db, log);
  // Per handler name, shared by its instances as a durable consumer's state is.
  const handlers = new Map<string, { subjects: readonly string[]; unsettled: Unsettled }>();
  return {
    kind: 'in-process',
    db: database.db,
    log,
    newRelay: relayFor(bus),
    consume(handler) {
      const state = handlers.get(handler.name) ?? { subjects: handler.subjects, unsettled: new Map() };
      handlers.set(handler.name, state);
      const queue = bus.consumer(handler.name, handler.subjects, handler.maxDeliver ?? HANDLER_DEFAULTS.maxDeliver);
      const source = observed(queue, state.unsettled);
      const consumer = runConsumer(handler, source, { log });
      closers.push(() => consumer.stop());
      return consumerOf(consumer, source);
    },
    // As JetStream counts them: handed out and not settled (a nak'd event waiting for its retry
    // included), of which redelivered, and owed (published, unsettled) but not handed out yet.
    async pending(name) {
      const state = handlers.get(name);
      if (!state) throw new Error(`no consumer named ${name}`);
      const owed = await unsettledEvents(database.db, { handler: name, subjects: state.subjects });
      const attempts = [...state.unsettled.values()];
      return {
        ackPending: attempts.length,
        redelivered: attempts.filter((attempt) => attempt > 1).length,
        waiting: owed.filter((row) => !state.unsettled.has(row.id)).length,
      };
    },
  };
}
