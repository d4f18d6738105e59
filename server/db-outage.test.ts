/**
 * PostgreSQL dies under load and comes back; the app must too, by itself:
 * - the process survives (no database event ends it);
 * - while the database is down every request is answered within 2 s with 503, Retry-After and
 *   one sentence (no 500, no hang), and open WebSockets stay open;
 * - it serves again without a restart, the events and jobs that waited are delivered, and every
 *   write it acknowledged is in the database, none twice;
 * - SIGTERM with the database down ends the process within 5 s.
 * Two ways: the embedded default (the app restarts its own PostgreSQL) and an external cluster
 * this test owns (the pools reconnect when it is started again), killed three times. A burst of
 * likes, like-backs, chat unlocks and chat sends from 20 members runs throughout
 * (test/outage.ts). The 50-kill stress run is bench/db-outage.stress.ts.
 */
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import t, { type Test } from 'tap';
import { connectDatabase, type Db } from './kernel/db/client.ts';
import { makeTempDir } from './test/app.ts';
import type { TestMember } from './test/factories.ts';
import { asApp, type HttpApp, httpApp } from './test/http-app.ts';
import { natsSkip, natsTestEnv, waitFor } from './test/nats.ts';
import { Burst, lostOrDoubled, type Outcome, outagePopulation, type Population } from './test/outage.ts';
import { startTestCluster } from './test/pg-cluster.ts';
import { type EntryProcess, spawnEntry, startServerProcess } from './test/server-process.ts';
import { openSocket, type TestSocket, wsUrl } from './test/ws.ts';

// Two outage runs of about a minute each, beside the other test files.
t.setTimeout(480_000);

// 20 members here (the stress run has 40): enough writes of every kind in flight at each kill,
// and a run that fits beside the other test files on a 2-core machine.
const PAIRS = 10;
/** Each member's pause between writes: a steady load, without a storm of refusals to serve. */
const BURST_PAUSE_MS = 50;
/** How fast a request must be answered while the database is down. */
const FAIL_FAST_MS = 2_000;
/** How long the app may take to serve again once the database can run (restart + recovery + probe). */
const RECOVERY_MS = 45_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers from the outage window that break the promise: not a quick 503 with Retry-After. */
function brokenPromises(outcomes: Outcome[]): string[] {
  return outcomes
    .filter((o) => o.status < 200 || o.status >= 300)
    .filter((o) => o.status !== 503 || o.timedOut || o.retryAfter === undefined || o.elapsedMs > FAIL_FAST_MS)
    .map(
      (o) =>
        `${o.kind}: ${o.timedOut ? 'no answer' : o.status} after ${Math.round(o.elapsedMs)} ms, retry-after ${o.retryAfter}: ${o.body}`,
    );
}

async function openSockets(baseUrl: string, members: TestMember[]): Promise<TestSocket[]> {
  return Promise.all(members.map((member) => openSocket(wsUrl(baseUrl), { headers: member.auth })));
}

async function ready(http: HttpApp): Promise<boolean> {
  return (await http.inject({ url: '/readyz' })).statusCode === 200;
}

/** The burst's first success sent after `since`, or null. */
const servedSince = (burst: Burst, since: number) => burst.between(since, Infinity).some((o) => o.status >= 200 && o.status < 300);

/**
 * One outage: `kill`, watch the window (503s), `revive` (a no-op where the app restarts the
 * database itself), then wait until requests are served again.
 */
async function outage(t: Test, burst: Burst, http: HttpApp, server: EntryProcess, kill: () => void, revive: () => Promise<void>) {
  const killedAt = performance.now();
  kill();
  // Requests in flight at the kill and those sent before the app noticed, then the gate's answers.
  await waitFor(
    () => burst.between(killedAt, Infinity).filter((o) => o.status === 503).length >= 10,
    30_000,
    'refusals while the database is down',
  );
  await revive();
  const revivedAt = performance.now();
  await waitFor(() => servedSince(burst, revivedAt), RECOVERY_MS, 'service again');
  const window = burst.between(killedAt, performance.now());
  await waitFor(() => ready(http), RECOVERY_MS, '/readyz');
  t.same(brokenPromises(window), [], `all ${window.length} answers while it was down were 503 within ${FAIL_FAST_MS} ms, with Retry-After`);
  t.equal(server.child.exitCode, null, 'the API process is alive');
  const answer = window.find((o) => o.status === 503);
  t.match(JSON.parse(answer?.body ?? '{}'), { code: 'unavailable', error: /^Betroth is briefly unavailable\./ }, 'one clear sentence');
}

/** After the last outage: the burst stopped, nothing lost or doubled, the outbox drained. */
async function settled(t: Test, db: Db, burst: Burst) {
  await burst.stop();
  t.ok(burst.acknowledged.likes.length > 0 && burst.acknowledged.unlocks.length > 0, 'the burst made writes of every kind');
  await waitFor(
    async () => {
      const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where published_at is null`);
      return row.n === 0;
    },
    30_000,
    'the outbox to drain',
  );
  t.same(await lostOrDoubled(db, burst.acknowledged), [], 'every acknowledged write is stored, none twice, balances equal the ledger');
}

/** After recovery the whole event path works: a message sent now reaches the peer's open socket. */
async function pushesFlow(t: Test, http: HttpApp, population: Population, sockets: TestSocket[]) {
  t.same(sockets.filter((s) => s.ws.readyState !== s.ws.OPEN).length, 0, 'every WebSocket stayed open through the outage');
  const [man] = population.men;
  const woman = population.women[0];
  const womanSocket = sockets[population.men.length];
  const liked = await http.inject({
    method: 'POST',
    url: '/api/v1/match/like/',
    headers: woman.auth,
    payload: { to_profile_id: man.profileId, liked: true },
  });
  t.equal(liked.statusCode, 200);
  const matchId = (liked.json() as { match_id: number | null }).match_id;
  if (matchId === null) return t.fail('the pair has no match');
  await http.inject({ method: 'POST', url: '/api/v1/match/use_chat_credit/', headers: man.auth, payload: { match_id: matchId } });
  const sent = await http.inject({
    method: 'POST',
    url: `/api/v1/match/chat/${matchId}/`,
    headers: man.auth,
    payload: { message: 'after the outage' },
  });
  t.equal(sent.statusCode, 201);
  const messageId = (sent.json() as { message: { id: number } }).message.id;
  await womanSocket.next((m) => m.type === 'chat.message' && m.data.messageId === messageId, 20_000);
  t.pass('the peer’s socket got the push: relay, handlers and gateway all resumed');
}

t.test('the embedded PostgreSQL killed mid-burst is restarted by the app, which serves again by itself', async (t) => {
  const dataDir = await makeTempDir(t, 'betroth-outage-');
  await chmod(dataDir, 0o755);
  const { baseUrl, server } = await startServerProcess(t, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const postmaster = () => readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const database = connectDatabase(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postmaster()[3]}/betroth`, { max: 2 });
  t.teardown(() => database.close({ timeoutSeconds: 0 }));
  const http = httpApp(baseUrl);
  const population = await outagePopulation(asApp(http), database.db, PAIRS);
  const sockets = await openSockets(baseUrl, [...population.men, ...population.women]);
  const burst = new Burst(http, population, BURST_PAUSE_MS);
  burst.start();
  await waitFor(() => burst.acknowledged.likes.length >= 20, 60_000, 'the burst under way');

  const killed = Number(postmaster()[0]);
  await outage(
    t,
    burst,
    http,
    server,
    () => process.kill(killed, 'SIGKILL'),
    async () => {},
  );
  t.not(Number(postmaster()[0]), killed, 'a new PostgreSQL runs');
  await waitFor(() => burst.acknowledged.unlocks.length > 0, 30_000, 'an unlock after the outage');

  await pushesFlow(t, http, population, sockets);
  await settled(t, database.db, burst);
  t.notMatch(server.output(), /TypeError|uncaught exception|unhandled rejection/, 'nothing escaped to the process guard');
});

t.test(
  'an external cluster killed and started again, three times: the pools reconnect; SIGTERM while it is down takes < 5 s',
  async (t) => {
    const cluster = await startTestCluster(t);
    const databaseUrl = await cluster.createDatabase('betroth');
    const nats = natsSkip ? {} : natsTestEnv(t);
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: await makeTempDir(t), LOG_LEVEL: 'warn', ...nats };
    const { baseUrl, server } = await startServerProcess(t, env);
    // With NATS the handlers run in a workers process of their own, which must ride it out too.
    const workers = natsSkip ? null : spawnEntry(t, 'workers/main.ts', { ...env, WORKERS_PORT: '0' });
    const database = connectDatabase(databaseUrl, { max: 2 });
    t.teardown(() => database.close({ timeoutSeconds: 0 }));
    const http = httpApp(baseUrl);
    const population = await outagePopulation(asApp(http), database.db, PAIRS);
    const sockets = await openSockets(baseUrl, [...population.men, ...population.women]);
    const burst = new Burst(http, population, BURST_PAUSE_MS);
    burst.start();
    await waitFor(() => burst.acknowledged.likes.length >= 20, 60_000, 'the burst under way');

    for (let round = 1; round <= 3; round += 1) {
      await t.test(`kill ${round}`, async (t) => {
        await outage(
          t,
          burst,
          http,
          server,
          () => cluster.kill(),
          async () => {
            await pause(1_000);
            await cluster.start();
          },
        );
        t.equal(workers?.child.exitCode ?? null, null, 'the workers process is alive', {
          lastLines: workers?.output().trim().split('\n').slice(-15).join('\n'),
        });
      });
    }
    await pushesFlow(t, http, population, sockets);
    await settled(t, database.db, burst);
    t.notMatch(
      server.output() + (workers?.output() ?? ''),
      /TypeError|uncaught exception|unhandled rejection/,
      'nothing escaped to the process guard',
    );

    // Down for good, then SIGTERM: nothing may wait on the database.
    await database.close({ timeoutSeconds: 0 });
    const probe = new Burst(http, population, BURST_PAUSE_MS);
    probe.start();
    const killedAt = performance.now();
    cluster.kill();
    await waitFor(() => probe.between(killedAt, Infinity).some((o) => o.status === 503), 20_000, 'the app to notice');
    await probe.stop();
    const stopping = [server, ...(workers ? [workers] : [])].map(async (entry) => {
      const started = performance.now();
      entry.child.kill('SIGTERM');
      await entry.exited;
      return { ms: performance.now() - started, code: entry.child.exitCode, output: entry.output() };
    });
    for (const stopped of await Promise.all(stopping)) {
      // The process's last lines say which step of the stop took the time, when one did.
      const last = { lastLines: stopped.output.trim().split('\n').slice(-12).join('\n') };
      t.ok(stopped.ms < 5_000, `stopped in ${Math.round(stopped.ms)} ms`, last);
      t.equal(stopped.code, 0, 'an orderly exit', last);
    }
  },
);
