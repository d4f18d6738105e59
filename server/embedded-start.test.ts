/**
 * Starts the app exactly as the README says (`npm start`), with no DATABASE_URL or NATS_URL,
 * on a temporary data folder, and uses it over HTTP: the embedded default must keep working.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { freePort } from './kernel/db/embedded.ts';
import { makeTempDir } from './test/app.ts';

t.test('npm start with no configuration serves the app on an embedded PostgreSQL', async (t) => {
  const dataDir = await makeTempDir(t, 'betroth-embedded-');
  // As root, PostgreSQL runs as the 'postgres' system user, which must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  delete env.SMTP_URL;

  const child = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.teardown(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  });

  const deadline = Date.now() + 90_000;
  while (!output.includes('ready at') && Date.now() < deadline && child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.match(output, /ready at http:\/\/localhost:\d+/, 'the server says it is ready');
  t.ok(existsSync(path.join(dataDir, 'pg', 'PG_VERSION')), 'PostgreSQL data lives under DATA_DIR/pg');

  const base = `http://127.0.0.1:${port}`;
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

  // The whole process group gets the signal, as with Ctrl-C: npm dies of it, the embedded
  // PostgreSQL shuts down on its own, and the server must still stop in order. A relay flush
  // that finds the database already gone is a warning (the rows wait for the next start).
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  t.match(output, /shutting down/, 'the server handles SIGTERM');
  t.notMatch(output, /"level":(50|60)|unhandled|Uncaught/i, 'and stops without errors');
});
