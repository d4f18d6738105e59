/**
 * The event runtime inside the server: the outbox relay, the push bus, the NATS connection and,
 * without NATS_URL, the in-memory bus the handlers consume. Which handlers run here is not this
 * plugin's business: the process entry passes `startInProcessHandlers` (built in workers/), so
 * the server never imports workers/. Starts on app ready, stops on close: the relay publishes
 * what is left, in-process jobs finish, then the NATS connection drains.
 *
 * Cheap when unused: without NATS_URL nothing connects anywhere; the relay holds one LISTEN
 * connection and an unref'd poll timer.
 */
import fp from 'fastify-plugin';
import type postgres from 'postgres';
import { type Db, healthOf } from '../kernel/db/client.ts';
import { InProcessBus } from '../kernel/events/bus-in-process.ts';
import { NatsTransport } from '../kernel/events/bus-nats.ts';
import type { RunningHandlers, StartInProcessHandlers } from '../kernel/events/in-process-handlers.ts';
import { NatsLink } from '../kernel/events/nats-link.ts';
import { outboxBacklog } from '../kernel/events/outbox.ts';
import { InProcessPushBus, type PushBus } from '../kernel/events/push.ts';
import { NatsPushBus } from '../kernel/events/push-nats.ts';
import { OutboxRelay } from '../kernel/events/relay.ts';

export interface EventsRuntime {
  relay: OutboxRelay;
  push: PushBus;
  /** null on the in-process default. */
  nats: NatsLink | null;
  /** The handlers running in this process (in-process default only). */
  handlers: RunningHandlers | null;
}

export interface EventRuntimeOptions {
  /** Runs the handlers on the in-process bus; absent, events without NATS are only published. */
  startInProcessHandlers?: StartInProcessHandlers;
  /** The relay's and the handlers' database; `app.db` when absent. */
  db?: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsRuntime;
  }
}

/** The postgres.js client under drizzle, for LISTEN; null for drivers without one. */
function listenerOf(db: Db): postgres.Sql | null {
  const client = (db as unknown as { $client?: postgres.Sql }).$client;
  return client && typeof client.listen === 'function' ? client : null;
}

export default fp<EventRuntimeOptions>(
  async (app, options) => {
    const { config } = app;
    const log = app.log.child({ component: 'events' });
    const db = options.db ?? app.db;
    const nats = config.natsUrl ? new NatsLink({ url: config.natsUrl, name: 'betroth-api', log }) : null;
    const bus = nats ? null : new InProcessBus(db, log);
    const push: PushBus = nats ? new NatsPushBus(nats, config.natsPushPrefix, log) : new InProcessPushBus(log);
    const settings = { stream: config.natsStream, subjectPrefix: config.natsSubjectPrefix };
    const transport = nats ? new NatsTransport(nats, settings, log) : (bus as InProcessBus);
    const health = healthOf(db);
    const relay = new OutboxRelay({
      db,
      transport,
      log,
      batchSize: config.outboxBatchSize,
      pollMs: config.outboxPollMs,
      listener: listenerOf(db),
      onError: (error) => health?.report(error),
      onPublished: (rows) => {
        for (const row of rows) app.metrics.eventsPublished.inc({ subject: row.subject, transport: transport.kind });
      },
    });
    app.metrics.watchOutbox(() => outboxBacklog(db));
    // After an outage the pools are new: LISTEN again and publish what waited.
    health?.onRecovered(() => relay.resume());

    const runtime: EventsRuntime = { relay, push, nats, handlers: null };
    app.decorate('events', runtime);

    app.addHook('onReady', async () => {
      nats?.start();
      const start = options.startInProcessHandlers;
      if (bus && start && config.workers.length > 0) {
        runtime.handlers = start({ config, db, media: app.media, mailer: app.mailer, push, log, bus, metrics: app.metrics });
      }
      relay.start();
    });

    app.addHook('onClose', async () => {
      // With the database down there is nothing to flush to: the rows wait for the next start.
      await relay.stop({ flush: health?.available !== false });
      await runtime.handlers?.stop();
      await push.close();
      await nats?.close();
    });
  },
  { name: 'events', dependencies: ['context', 'metrics'] },
);
