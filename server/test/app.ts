/**
 * Test harness: every test file gets its own freshly migrated database (created on the server
 * named by DATABASE_URL, dropped at the end) and a real app built exactly as main.ts builds it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { startInProcessHandlers } from '../../workers/registry.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { connectDatabase, type Db } from '../kernel/db/client.ts';
import { runMigrations, withDatabaseName } from '../kernel/db/migrate.ts';
import type { MailMessage } from '../kernel/mailer/mailer.ts';
import { createMediaStore, type MediaStore } from '../kernel/media/index.ts';

export interface TestContext {
  teardown(fn: () => unknown): void;
}

export function adminDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name a Postgres server for tests (npm test sets it up)');
  return url;
}

/** Creates `betroth_t_<random>` and drops it when the test ends. */
export async function createTestDatabase(t: TestContext): Promise<string> {
  const name = `betroth_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminDatabaseUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  t.teardown(async () => {
    const dropper = postgres(adminDatabaseUrl(), { max: 1, onnotice: () => {} });
    await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const url = withDatabaseName(adminDatabaseUrl(), name);
  await runMigrations(url);
  return url;
}

export async function makeTempDir(t: TestContext, prefix = 'betroth-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  // Retried: a PostgreSQL that a test just stopped may still be writing its last WAL files.
  t.teardown(() => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }));
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  databaseUrl: string;
  /** Every message the app sent, newest last. */
  mailbox: MailMessage[];
  /** Hand it to a second instance so both accept the same tokens. */
  jwtSecret: string;
  /** The identity-hash key (IDENTITY_HASH_SECRET, or a random one per test app). */
  identityHashSecret: string;
  /** The app's media store (the local one under the test's DATA_DIR unless MEDIA_STORE says s3). */
  media: MediaStore;
}

export interface TestAppOptions {
  /** Receives the app's log lines (pino JSON). */
  logStream?: { write(line: string): void };
  /** Run on this (already migrated) test database instead of a new one: a second server instance. */
  databaseUrl?: string;
  /** Token secret, to share tokens between instances. */
  jwtSecret?: string;
  /** Identity-hash key, to share the identity record between instances. */
  identityHashSecret?: string;
}

export async function buildTestApp(t: TestContext, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase(t));
  const dataDir = await makeTempDir(t);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // Tests exercise the limits on purpose, with their own small values; elsewhere they stay out of the way.
    AUTH_RATE_LIMIT_MAX: '1000',
    PROFILE_VIEW_LIMIT_PER_HOUR: '1000000',
    DISCOVERY_LIMIT_PER_HOUR: '1000000',
    ...env,
  });
  const database = connectDatabase(databaseUrl, { max: 5 });
  const mailbox: MailMessage[] = [];
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const identityHashSecret = options.identityHashSecret ?? config.identityHashSecret ?? randomBytes(32).toString('hex');
  const media = createMediaStore(config);
  const app = await buildApp({
    media,
    config,
    db: database.db,
    mailer: { send: async (message) => void mailbox.push(message) },
    jwtSecret,
    identityHashSecret,
    logStream: options.logStream,
    // As main.ts does: without NATS_URL the shipped handlers run inside the app.
    startInProcessHandlers,
    // A webhook the app refused is retried within moments here, not over Stripe's hours.
    stripeEmulatorRetry: { attempts: 6, baseDelayMs: 20, maxDelayMs: 200 },
  });
  t.teardown(async () => {
    await app.close();
    await database.close();
  });
  await app.ready();
  return { app, db: database.db, databaseUrl, mailbox, jwtSecret, identityHashSecret, media };
}

/** A listening app for browser and WebSocket tests. */
export async function listenTestApp(t: TestContext, env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const built = await buildTestApp(t, env, options);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...built, baseUrl: `http://127.0.0.1:${port}` };
}
