/**
 * `npm run workers`: runs the handlers named in WORKERS on durable JetStream consumers.
 * Needs NATS_URL and DATABASE_URL (without NATS the server runs the same handlers in-process).
 * SIGTERM/SIGINT: stop taking events, finish the jobs in flight, drain NATS, exit.
 * Several instances may run at once: they share each handler's durable consumer.
 */
import Fastify from 'fastify';
import { ConfigError, type Config, loadConfig } from '../server/kernel/config.ts';
import { connectDatabase } from '../server/kernel/db/client.ts';
import { NatsLink } from '../server/kernel/events/nats-link.ts';
import { NatsPushBus } from '../server/kernel/events/push-nats.ts';
import { loggerOptions } from '../server/kernel/logging.ts';
import { installProcessGuard } from '../server/kernel/process-guard.ts';
import { createMetrics } from '../server/kernel/metrics.ts';
import { createMailer } from '../server/kernel/mailer/mailer.ts';
import { createMediaStore } from '../server/kernel/media/index.ts';
import { createHandlers } from './registry.ts';
import { warmFaceModels } from './vision/face-warm-up.ts';
import { registerOpsRoutes } from './runtime/ops-routes.ts';
import { startNatsWorkers } from './runtime/start.ts';

function readConfig(): Config & { natsUrl: string; databaseUrl: string } {
  try {
    const config = loadConfig();
    const problems: string[] = [];
    if (!config.natsUrl) problems.push('NATS_URL is required (without it the server runs the handlers in-process)');
    if (!config.databaseUrl) problems.push('DATABASE_URL is required');
    if (config.workers.length === 0) problems.push('WORKERS names no handler');
    if (problems.length > 0) throw new ConfigError(problems);
    return config as Config & { natsUrl: string; databaseUrl: string };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // A small Fastify app serves the probes and metrics, and lends its logger to the handlers.
  const ops = Fastify({ logger: loggerOptions(config) });
  const log = ops.log.child({ component: 'workers' });
  installProcessGuard(ops.log);
  const database = connectDatabase(config.databaseUrl, { max: 5, log });
  const link = new NatsLink({ url: config.natsUrl, name: 'betroth-workers', log });
  link.start();
  const push = new NatsPushBus(link, config.natsPushPrefix, log);
  const metrics = createMetrics({ defaultMetrics: true });
  const mailer = createMailer(config, (line) => log.info(line));
  const handlers = createHandlers(config.workers, { config, db: database.db, push, log, media: createMediaStore(config), mailer });
  const workers = startNatsWorkers(
    handlers,
    link,
    { stream: config.natsStream, subjectPrefix: config.natsSubjectPrefix },
    { log, metrics, database: database.health },
  );
  // A member waits on each face scan: the models are ready before the first one arrives.
  if (config.workers.includes('face-liveness')) {
    warmFaceModels().then(
      () => log.info('face models warmed'),
      (error: unknown) => log.warn({ err: error }, 'face models did not warm; the first scan loads them'),
    );
  }

  let stopping = false;
  registerOpsRoutes(ops, { db: database.db, link, metrics, stopping: () => stopping, config });
  if (config.workersPort > 0) await ops.listen({ host: config.host, port: config.workersPort });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'workers shutting down: finishing jobs in flight');
    const forced = setTimeout(() => process.exit(1), 30_000);
    forced.unref();
    try {
      await workers.stop();
      await push.close();
      await link.close();
      await ops.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
