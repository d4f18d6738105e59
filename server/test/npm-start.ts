/**
 * `npm start` exactly as the README says, with no DATABASE_URL or NATS_URL, on a temporary data
 * folder, for the tests of the embedded default; and the check that it left nothing running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import type { Test } from 'tap';
import { freePort } from '../kernel/db/embedded.ts';
import { makeTempDir } from './app.ts';
import { waitFor } from './nats.ts';

export interface Started {
  child: ChildProcess;
  dataDir: string;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The embedded PostgreSQL's pid: it runs in a process group of its own. */
  postgresPid: number;
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const answers = (base: string) =>
  fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

/**
 * `closed`: DATA_DIR inside a 0700 folder, as in a clone under root's home; the cluster must then
 * go under `outsideRoot`. Otherwise an open folder, where it stays in DATA_DIR/pg.
 */
export async function npmStart(
  t: Test,
  place: { closed: false } | { closed: true; outsideRoot: string } = { closed: false },
): Promise<Started> {
  const folder = await makeTempDir(t, 'betroth-embedded-');
  // As root, PostgreSQL runs as the 'postgres' system user, which must be able to enter the folder.
  await chmod(folder, place.closed ? 0o700 : 0o755);
  const dataDir = place.closed ? path.join(folder, 'data') : folder;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development' };
  if (place.closed) env.BETROTH_EMBEDDED_PG_ROOT = place.outsideRoot;
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  delete env.SMTP_URL;

  // Detached: npm leads a process group of its own, as a shell job in a terminal does.
  const child = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let postgresPid = 0;
  t.teardown(() => {
    for (const pid of [-child.pid!, postgresPid]) {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {}
    }
  });

  await waitFor(() => output.includes('ready at') || child.exitCode !== null, 90_000, 'npm start to be ready');
  t.match(output, /ready at http:\/\/localhost:\d+/, 'the server says it is ready');
  // postmaster.pid's first line is the server's pid.
  const clusterDir = place.closed ? /its cluster is kept in (\S+)/.exec(output)?.[1] : path.join(dataDir, 'pg');
  postgresPid = Number(readFileSync(path.join(clusterDir ?? 'not said', 'postmaster.pid'), 'utf8').split('\n')[0]);
  t.ok(alive(postgresPid), 'the embedded PostgreSQL runs');
  return { child, dataDir, base: `http://127.0.0.1:${port}`, output: () => output, exited, postgresPid };
}

/** Nothing is left: not the port, not npm's process group, not PostgreSQL. */
export async function assertAllGone(t: Test, started: Started) {
  await waitFor(async () => !(await answers(started.base)), 20_000, 'the port to stop answering');
  t.notOk(await answers(started.base), 'the port no longer answers');
  await waitFor(() => !alive(-started.child.pid!), 20_000, 'the process group to end');
  t.notOk(alive(-started.child.pid!), 'npm and the server are gone');
  await waitFor(() => !alive(started.postgresPid), 20_000, 'PostgreSQL to end');
  t.notOk(alive(started.postgresPid), 'the embedded PostgreSQL is gone');
}
