/**
 * Starts the app exactly as the README says (`npm start`), with no DATABASE_URL or NATS_URL,
 * on a temporary data folder, and uses it over HTTP: the embedded default must keep working.
 * Then stops it the two ways it is stopped in practice: Ctrl-C in a terminal, and SIGTERM from
 * a process manager to the npm process alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import t, { type Test } from 'tap';
import { freePort } from './kernel/db/embedded.ts';
import { makeTempDir } from './test/app.ts';
import { waitFor } from './test/nats.ts';

interface Started {
  child: ChildProcess;
  dataDir: string;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The embedded PostgreSQL's pid: it runs in a process group of its own. */
  postgresPid: number;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const answers = (base: string) =>
  fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

async function npmStart(t: Test): Promise<Started> {
  const dataDir = await makeTempDir(t, 'betroth-embedded-');
  // As root, PostgreSQL runs as the 'postgres' system user, which must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development' };
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
  postgresPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  t.ok(alive(postgresPid), 'the embedded PostgreSQL runs');
  return { child, dataDir, base: `http://127.0.0.1:${port}`, output: () => output, exited, postgresPid };
}

/** Nothing is left: not the port, not npm's process group, not PostgreSQL. */
async function assertAllGone(t: Test, started: Started) {
  await waitFor(async () => !(await answers(started.base)), 20_000, 'the port to stop answering');
  t.notOk(await answers(started.base), 'the port no longer answers');
  await waitFor(() => !alive(-started.child.pid!), 20_000, 'the process group to end');
  t.notOk(alive(-started.child.pid!), 'npm and the server are gone');
  await waitFor(() => !alive(started.postgresPid), 20_000, 'PostgreSQL to end');
  t.notOk(alive(started.postgresPid), 'the embedded PostgreSQL is gone');
}

t.test('npm start with no configuration serves the app on an embedded PostgreSQL; Ctrl-C stops it in order', async (t) => {
  const started = await npmStart(t);
  const { base } = started;
  t.ok(existsSync(path.join(started.dataDir, 'pg', 'PG_VERSION')), 'PostgreSQL data lives under DATA_DIR/pg');

  const home = await fetch(`${base}/`);
  t.equal(home.status, 200);
  t.match(home.headers.get('content-type') ?? '', /text\/html/);

  const signup = await fetch(`${base}/api/v1/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'embedded_1', email: 'embedded@example.com', password1: 'Embedded-1', password2: 'Embedded-1' }),
  });
  t.equal(signup.status, 201, 'signs up over HTTP');
  const { token } = (await signup.json()) as { token: string };
  t.type(token, 'string');

  const docs = await fetch(`${base}/docs/json`);
  t.equal(docs.status, 200, 'API docs are served');
  t.match(await docs.text(), /\/api\/v1\/signup\//);

  // Ctrl-C: the terminal signals the whole foreground process group (npm, the server and,
  // unless it is shielded, PostgreSQL). The server must still close in order: requests, then
  // the outbox flush, then the database.
  process.kill(-started.child.pid!, 'SIGINT');
  const ended = await started.exited;
  await assertAllGone(t, started);
  const output = started.output();
  t.match(output, /shutting down/, 'the server handles SIGINT');
  t.notMatch(output, /ECONNRESET|rows stay for the next start/, 'the outbox flush still found its database');
  t.notMatch(output, /"level":(40|50|60)|unhandled|Uncaught/i, 'and stops without warnings or errors');
  t.same(ended, { code: 0, signal: null }, 'npm exits cleanly');
});

t.test('SIGTERM to the npm process alone stops the server and its PostgreSQL', async (t) => {
  const started = await npmStart(t);
  t.ok(await answers(started.base), 'serving');

  // What a process manager does: signal the pid it started, nothing else.
  process.kill(started.child.pid!, 'SIGTERM');
  await started.exited;
  await assertAllGone(t, started);
  t.match(started.output(), /shutting down/, 'the signal reached the server');
  t.notMatch(started.output(), /ECONNRESET|rows stay for the next start|"level":(50|60)/, 'it stopped in order');
});
