/**
 * Turns config into live dependencies: the database (embedded or DATABASE_URL, migrated), the
 * mailer, the media store and the two generated secrets (tokens, identity hashes). main.ts and the test harness both start the app through here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions } from './app.ts';
import type { Config } from './kernel/config.ts';
import { connectDatabase, probeDatabase } from './kernel/db/client.ts';
import { DatabaseHealth } from './kernel/db/health.ts';
import { startEmbeddedPostgres } from './kernel/db/embedded.ts';
import { ensureDatabase, runMigrations, withDatabaseName } from './kernel/db/migrate.ts';
import { seedDemoMembers } from './seed/population-seed.ts';
import { createMailer } from './kernel/mailer/mailer.ts';
import { backfillIdentities } from './modules/identities/index.ts';
import { createMediaStore } from './kernel/media/index.ts';

export interface Runtime {
  options: Omit<BuildOptions, 'logStream'>;
  databaseUrl: string;
  /** Whether the database answers, for the process's own shutdown and its logs. */
  health: DatabaseHealth;
  /**
   * Closes the pools and, on the embedded default, stops PostgreSQL. Quick when the database is
   * down: nothing waits for connections that cannot finish.
   */
  close(): Promise<void>;
}

type Log = (message: string) => void;

/** The health watch's log lines, in the start-up log's plain form. */
function plainLog(log: Log) {
  const line = (level: string) => (details: object, message?: string) => {
    const err = (details as { err?: unknown }).err;
    const extra = err ? `: ${(err as Error)?.message ?? String(err)}` : '';
    log(`${level === 'info' ? '' : `${level}: `}${message ?? ''}${extra}`);
  };
  return { debug: () => {}, info: line('info'), warn: line('warn'), error: line('error') };
}

/** The secret kept in `dataDir/<name>`, generated there on the first start. */
async function readOrCreateSecret(dataDir: string, name: 'jwt-secret' | 'identity-hash-secret'): Promise<string> {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** The relay's pass and the handlers' batched checks and settlements need few connections. */
const EVENTS_POOL_SIZE = 3;

export async function createRuntime(config: Config, log: Log): Promise<Runtime> {
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(config.dataDir, log);
    stopEmbedded = embedded.stop;
    await ensureDatabase(embedded.adminUrl, config.embeddedDatabaseName);
    databaseUrl = withDatabaseName(embedded.adminUrl, config.embeddedDatabaseName);
  }
  await runMigrations(databaseUrl);
  // One watch for both pools: one outage, one probe, both pools replaced when it ends.
  const health = new DatabaseHealth({ probe: probeDatabase(databaseUrl), log: plainLog(log) });
  const database = connectDatabase(databaseUrl, { health, log: plainLog(log) });
  const eventsDatabase = connectDatabase(databaseUrl, { max: EVENTS_POOL_SIZE, health });
  const media = createMediaStore(config);
  // Demo members get their pictures in the same store the app serves photos from.
  await seedDemoMembers(database.db, config.demoMembers, log, media);
  const jwtSecret = config.jwtSecret ?? (await readOrCreateSecret(config.dataDir, 'jwt-secret'));
  const identityHashSecret = config.identityHashSecret ?? (await readOrCreateSecret(config.dataDir, 'identity-hash-secret'));
  // Accounts made before the identity record (or by the demo seed) get theirs before any request.
  await backfillIdentities(database.db, identityHashSecret, log);
  return {
    options: {
      config,
      db: database.db,
      eventsDb: eventsDatabase.db,
      mailer: createMailer(config, log),
      media,
      jwtSecret,
      identityHashSecret,
    },
    databaseUrl,
    health,
    async close() {
      // Everything that queries has stopped by now (requests, relay, handlers); the pools' own
      // default grace is short, and none with the database down (kernel/db/client.ts).
      health.close();
      await Promise.all([database.close(), eventsDatabase.close()]);
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
