/** Builds the delivery-suite harness for each transport on a fresh test database. */
import { jetstreamManager } from '@nats-io/jetstream';
import type { Test } from 'tap';
import { connectDatabase } from '../../server/kernel/db/client.ts';
import { InProcessBus } from '../../server/kernel/events/bus-in-process.ts';
import { NatsTransport, type StreamSettings } from '../../server/kernel/events/bus-nats.ts';
import { NatsLink } from '../../server/kernel/events/nats-link.ts';
import { OutboxRelay, type RelayOptions } from '../../server/kernel/events/relay.ts';
import type { EventTransport } from '../../server/kernel/events/transport.ts';
import { createTestDatabase } from '../../server/test/app.ts';
import { memoryLog, natsTestEnv } from '../../server/test/nats.ts';
import { runConsumer } from '../runtime/consume.ts';
import { HANDLER_DEFAULTS } from '../runtime/handler.ts';
import { natsSource } from '../runtime/source-nats.ts';
import type { Harness } from './delivery-suite.ts';

type Closer = () => Promise<unknown> | unknown;

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
      const consumer = runConsumer(handler, natsSource(link, settings, handler, log), { log });
      closers.push(() => consumer.stop());
      return consumer;
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
  return {
    kind: 'in-process',
    db: database.db,
    log,
    newRelay: relayFor(bus),
    consume(handler) {
      const queue = bus.consumer(handler.name, handler.subjects, handler.maxDeliver ?? HANDLER_DEFAULTS.maxDeliver);
      const consumer = runConsumer(handler, queue, { log });
      closers.push(() => consumer.stop());
      return consumer;
    },
  };
}
