/**
 * Starts the app exactly as the README says (`npm start`), with no DATABASE_URL or NATS_URL,
 * on a temporary data folder, and uses it over HTTP: the embedded default must keep working.
 * Then stops it the two ways it is stopped in practice: Ctrl-C in a terminal, and SIGTERM from
 * a process manager to the npm process alone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { waitFor } from './test/nats.ts';
import { answers, assertAllGone, npmStart } from './test/npm-start.ts';

// Two full starts (a fresh cluster, 200 demo members each) take over two minutes on a busy machine.
t.setTimeout(360_000);

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
  // Right after "ready", the in-process workers load their models and can hold the first answer
  // for a few seconds on a busy machine: what is tested here is the stop, so wait for an answer.
  await waitFor(() => answers(started.base), 30_000, 'the first answer');
  t.ok(await answers(started.base), 'serving');

  // What a process manager does: signal the pid it started, nothing else.
  process.kill(started.child.pid!, 'SIGTERM');
  await started.exited;
  await assertAllGone(t, started);
  t.match(started.output(), /shutting down/, 'the signal reached the server');
  t.notMatch(started.output(), /ECONNRESET|rows stay for the next start|"level":(50|60)/, 'it stopped in order');
});
