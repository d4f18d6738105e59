/**
 * The database outage, over and over: `npx tsx bench/db-outage.stress.ts` starts the API on the
 * embedded default, keeps the burst of likes, like-backs, unlocks and chat sends of 40 members
 * running (server/test/outage.ts), and kills the embedded PostgreSQL STRESS_KILLS times (50 by
 * default) at random moments: the postmaster alone on odd kills, its whole process group on even
 * ones. The app restarts it itself each time.
 *
 * It counts what the outage test (server/db-outage.test.ts) checks once: deaths of the API process
 * (the goal is 0; a dead one is started again on the same data and counted), answers during an
 * outage that were not a 503 within 2 s, the time until requests are served again, and, at the
 * end, acknowledged writes lost or doubled. Too long for the test suite; figures go to
 * docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase } from '../server/kernel/db/client.ts';
import { makeTempDir, type TestContext } from '../server/test/app.ts';
import { asApp, httpApp } from '../server/test/http-app.ts';
import { waitFor } from '../server/test/nats.ts';
import { type Acknowledged, Burst, lostOrDoubled, outagePopulation } from '../server/test/outage.ts';
import { type EntryProcess, startServerProcess } from '../server/test/server-process.ts';
import { percentile } from './lib/stats.ts';

const KILLS = Number(process.env.STRESS_KILLS ?? 50);
const FAIL_FAST_MS = 2_000;
const log = (line: string) => console.log(`[stress] ${line}`);

const teardowns: Array<() => unknown> = [];
const context: TestContext = { teardown: (fn) => void teardowns.push(fn) };

const dataDir = await makeTempDir(context, 'betroth-stress-');
await chmod(dataDir, 0o755);
const postmaster = () => readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');

async function startApi(): Promise<{ baseUrl: string; server: EntryProcess }> {
  const port = process.env.STRESS_PORT;
  return startServerProcess(context, { DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(port ? { PORT: port } : {}) });
}

let { baseUrl, server } = await startApi();
let http = httpApp(baseUrl);
const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
const databaseUrl = () => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postmaster()[3]}/betroth`;
let database = connectDatabase(databaseUrl(), { max: 2 });
const population = await outagePopulation(asApp(http), database.db, 20);
let burst = new Burst(http, population);
burst.start();
await waitFor(() => burst.acknowledged.likes.length >= 40, 60_000, 'the burst under way');

const recoveries: number[] = [];
const slowest: number[] = [];
const broken: string[] = [];
let deaths = 0;
// Every burst's acknowledged writes (a new burst follows an API restart).
const acknowledged: Acknowledged = { likes: [], unlocks: [], messages: [] };
const keep = (from: Acknowledged) => {
  acknowledged.likes.push(...from.likes);
  acknowledged.unlocks.push(...from.unlocks);
  acknowledged.messages.push(...from.messages);
};

for (let kill = 1; kill <= KILLS; kill += 1) {
  await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 2_500));
  const pid = Number(postmaster()[0]);
  const killedAt = performance.now();
  process.kill(kill % 2 === 1 ? pid : -pid, 'SIGKILL');
  // Served again: an answer only a working database gives. A 429 is one too: the members' send
  // limit is counted in the database, and on a quiet machine the burst's 40 members outrun it, so
  // right after a restart every answer can be a 429 for a while.
  const servedAnswer = (o: { status: number }) => (o.status >= 200 && o.status < 300) || o.status === 429;
  const served = () => burst.between(killedAt, Infinity).some((o) => servedAnswer(o) && o.sentAt > killedAt + 50);
  try {
    await waitFor(() => served() || server.child.exitCode !== null, 60_000, 'service again');
  } catch (error) {
    broken.push(`kill ${kill}: ${(error as Error).message}`);
  }
  if (server.child.exitCode !== null) {
    deaths += 1;
    log(`kill ${kill}: THE API PROCESS DIED (${server.child.exitCode}); its last output:\n${server.output().slice(-2_000)}`);
    await burst.stop();
    keep(burst.acknowledged);
    ({ baseUrl, server } = await startApi());
    http = httpApp(baseUrl);
    burst = new Burst(http, population);
    burst.start();
    continue;
  }
  const recoveredAt = performance.now();
  recoveries.push(recoveredAt - killedAt);
  const window = burst.between(killedAt, recoveredAt).filter((o) => !servedAnswer(o));
  slowest.push(Math.max(0, ...window.map((o) => o.elapsedMs)));
  for (const o of window) {
    if (o.status !== 503 || o.timedOut || !o.retryAfter || o.elapsedMs > FAIL_FAST_MS) {
      broken.push(`kill ${kill}: ${o.kind} ${o.timedOut ? 'no answer' : o.status} after ${Math.round(o.elapsedMs)} ms`);
    }
  }
  log(
    `kill ${kill}/${KILLS} (${kill % 2 === 1 ? 'postmaster' : 'process group'}): served again after ${Math.round(recoveredAt - killedAt)} ms, ${window.length} refusals, slowest ${Math.round(slowest.at(-1) ?? 0)} ms`,
  );
}

await burst.stop();
keep(burst.acknowledged);
await database.close({ timeoutSeconds: 0 });
database = connectDatabase(databaseUrl(), { max: 2 });
const problems = await lostOrDoubled(database.db, acknowledged);
await database.close();

const sorted = [...recoveries].sort((a, b) => a - b);
console.log(`
## Database outage stress (bench/db-outage.stress.ts)

${KILLS} SIGKILLs of the embedded PostgreSQL under a burst from 40 members (odd kills: the postmaster; even: its process group).

| measure | value |
|---|---|
| API process deaths | ${deaths} |
| answers during an outage that were not a 503 within ${FAIL_FAST_MS} ms | ${broken.length} |
| slowest refusal during an outage | ${Math.round(Math.max(0, ...slowest))} ms |
| time until served again: median / p95 / max | ${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 95))} / ${Math.round(sorted.at(-1) ?? 0)} ms |
| writes acknowledged | ${acknowledged.likes.length} likes, ${acknowledged.unlocks.length} unlocks, ${acknowledged.messages.length} messages |
| acknowledged writes lost or doubled, ledger mismatches | ${problems.length} |
`);
if (broken.length > 0) console.log(broken.slice(0, 20).join('\n'));
if (problems.length > 0) console.log(problems.slice(0, 20).join('\n'));

for (const fn of teardowns.reverse()) await fn();
process.exit(deaths === 0 && broken.length === 0 && problems.length === 0 ? 0 : 1);
