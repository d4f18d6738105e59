/**
 * Discovery and likes benchmark: 100,000 realistic members (server/modules/discovery/population.ts),
 * swipes and a few blocks, then discovery latency for typical filter sets and likes per second,
 * each beside a baseline measured in the same run (a primary-key profile read).
 */
import os from 'node:os';
import { eq, like, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { type SavedFilters, validateFilters, withDefaults } from '../server/contract/filters.ts';
import { decodeFiltersQuery as filtersFromQuery } from '../server/contract/filters-query.ts';
import type { Db } from '../server/kernel/db/client.ts';
import { profiles, users } from '../server/kernel/db/schema/index.ts';
import { countCap, findViewer, placeCountQuery, placePageQuery, placeWalkOf } from '../server/modules/discovery/index.ts';
import { loadPlaces, randomSource } from '../server/seed/population.ts';
import { buildBenchApp, tokensFor, UNLIMITED_VIEWS } from './lib/app.ts';
import { timedConcurrently } from './lib/load.ts';
import { ensurePopulation, POPULATION_PREFIX } from './lib/population.ts';
import { type LatencySummary, measure, ms, ratio, summarize } from './lib/stats.ts';

export interface BenchContext {
  db: Db;
  /** The same connections as `db`, for COPY. */
  sql: postgres.Sql;
  databaseUrl: string;
  log: (line: string) => void;
}

/** BENCH_MEMBERS: the population size (default 100,000). */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ITERATIONS = 400;
const VIEWERS = 300;
const LIKE_OPS = 3_000;
const CONCURRENCY = 8;

/** Typical filter sets, as the client sends them (page_size plus the active filters). */
const FILTER_SETS: Array<{ name: string; query: string }> = [
  { name: 'no filters (defaults)', query: '' },
  { name: 'age <= 35, within 50 mi', query: 'maxAge=35&maxDistance=50' },
  {
    name: 'age <= 45, within 500 mi, 2 religions, 3 educations',
    query:
      'maxAge=45&maxDistance=500&religion=Christian%20-%20Catholic&religion=Christian%20-%20Protestant&education=Bachelor&education=Master&education=Doctor',
  },
  {
    name: 'country + height 60-70 in + Single + kids wanted',
    query: 'homeCountry=United%20States&heightRange.min=60&heightRange.max=70&relationshipStatus=Single&kidsDesired=1-2&kidsDesired=2-3',
  },
  {
    name: 'age <= 40, within 100 mi, English, weight <= 160 lbs, exercise + income + home lists',
    query:
      'maxAge=40&maxDistance=100&nativeLanguage=English&weightUpTo=160&exerciseFrequency=Every%20day&exerciseFrequency=Several%20times%20a%20week&annualIncome=%2450%2C001-%2475%2C000&annualIncome=%2476%2C001-%24100%2C000&placeToLive=Own%20a%20home&placeToLive=Rent%20a%20home',
  },
  { name: 'no filters, page 5', query: 'page=5' },
];

interface Row {
  name: string;
  summary: LatencySummary;
  count: number;
  /** Share of the answers whose count stopped at the cap. */
  capped: number;
  indexes: string;
}

/** Requests at CONCURRENCY in flight for the throughput comparison (discovery and the primary-key read). */
const CONCURRENT_REQUESTS = 1_200;

/** Index names in an EXPLAIN (ANALYZE) plan of the page query, for the report. */
async function explainIndexes(db: Db, userId: number, query: string, log: (line: string) => void, verbose: boolean): Promise<string> {
  const viewer = await findViewer(db, userId);
  if (!viewer?.gender) return 'n/a';
  const page = Number(new URLSearchParams(query).get('page') ?? 1);
  const multi: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (key === 'page') continue;
    multi[key] = key in multi ? [multi[key], value].flat() : value;
  }
  const raw = filtersFromQuery(multi);
  const filters: SavedFilters = raw ? validateFilters(raw, { from: 'query' }).filters : withDefaults(null);
  const walk = placeWalkOf({ ...viewer, gender: viewer.gender }, filters, new Date());
  // The page as the service finds it for a located viewer (the place walk), and the count beside it.
  const plan = [
    ...(await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${placePageQuery(walk, 20, (page - 1) * 20)}`)),
    ...(await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${placeCountQuery(walk, countCap(page, 20) + 1)}`)),
  ];
  const lines = plan.map((row) => row['QUERY PLAN']);
  if (verbose) for (const line of lines) log(`    ${line}`);
  const used = new Set<string>();
  for (const line of lines) {
    const match = /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: using| on) (\w+)/.exec(line);
    if (match) used.add(`${match[1]} ${match[2]}`);
  }
  return [...used].join('; ');
}

export async function runDiscoveryBench(context: BenchContext): Promise<string> {
  const { db, databaseUrl, log } = context;
  if (!Number.isInteger(MEMBERS) || MEMBERS < 1000)
    throw new Error(`BENCH_MEMBERS must be a whole number of at least 1000, not ${process.env.BENCH_MEMBERS}`);
  const population = await ensurePopulation(context.sql, MEMBERS, log);
  const genders = await db
    .select({ id: profiles.id, userId: profiles.userId, gender: profiles.gender })
    .from(profiles)
    .where(like(users.username, `${POPULATION_PREFIX}%`))
    .innerJoin(users, eq(users.id, profiles.userId))
    .orderBy(profiles.id);
  const profileIds = genders.map((g) => g.id);
  const men = genders.filter((g) => g.gender === 'Man').map((g) => g.id);
  const women = genders.filter((g) => g.gender === 'Woman').map((g) => g.id);
  const { swipes, blocks: blockCount, seedSeconds } = population;

  const app = await buildBenchApp(db, databaseUrl, UNLIMITED_VIEWS);
  try {
    const random = randomSource(99);
    const viewers = Array.from({ length: VIEWERS }, () => genders[Math.floor(random() * genders.length)]);
    const tokens = await tokensFor(
      app,
      db,
      viewers.map((v) => v.userId),
    );
    const randomProfileId = () => profileIds[Math.floor(random() * profileIds.length)];

    const baseline = summarize(await measure(() => db.select().from(profiles).where(eq(profiles.id, randomProfileId())), ITERATIONS));
    const httpBaseline = summarize(
      await measure(
        (i) => app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: { authorization: tokens[i % VIEWERS] } }),
        ITERATIONS,
      ),
    );

    const discoverPage = async (query: string, authorization: string) => {
      const url = `/api/v1/profiles/?page_size=20${query ? `&${query}` : ''}`;
      const response = await app.inject({ method: 'GET', url, headers: { authorization } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json() as { count: number; count_capped: boolean };
    };
    const rows: Row[] = [];
    for (const set of FILTER_SETS) {
      let count = 0;
      let capped = 0;
      const durations = await measure(async (i) => {
        const page = await discoverPage(set.query, tokens[i % VIEWERS]);
        count += page.count;
        if (page.count_capped) capped++;
      }, ITERATIONS);
      const summary = summarize(durations);
      const indexes = await explainIndexes(db, viewers[0].userId, set.query, log, process.env.BENCH_VERBOSE === '1');
      const answers = ITERATIONS + Math.ceil(ITERATIONS / 10);
      rows.push({ name: set.name, summary, count: Math.round(count / answers), capped: capped / answers, indexes });
      log(`  ${set.name}: p50 ${ms(summary.p50)} p95 ${ms(summary.p95)} p99 ${ms(summary.p99)} [${indexes}]`);
    }

    // CONCURRENCY clients at once: discovery (the filter sets in turn) beside the primary-key read
    // over HTTP and in the database, each as throughput and per-request latency.
    const concurrentDiscovery = await timedConcurrently(CONCURRENT_REQUESTS, CONCURRENCY, (i) =>
      discoverPage(FILTER_SETS[i % FILTER_SETS.length].query, tokens[i % VIEWERS]),
    );
    const concurrentHttpRead = await timedConcurrently(CONCURRENT_REQUESTS, CONCURRENCY, (i) =>
      app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: { authorization: tokens[i % VIEWERS] } }),
    );
    const concurrentRead = await timedConcurrently(CONCURRENT_REQUESTS, CONCURRENCY, () =>
      db.select().from(profiles).where(eq(profiles.id, randomProfileId())),
    );
    const concurrentRow = (name: string, run: { durations: number[]; seconds: number }) => {
      const summary = summarize(run.durations);
      return `| ${name} | ${(CONCURRENT_REQUESTS / run.seconds).toFixed(0)}/s | ${ms(summary.p50)} | ${ms(summary.p99)} |`;
    };
    const concurrentTable = [
      concurrentRow('discovery, the six filter sets in turn', concurrentDiscovery),
      concurrentRow('`GET /api/v1/my_profile/` (primary-key read over HTTP)', concurrentHttpRead),
      concurrentRow('primary-key read in the database', concurrentRead),
    ].join('\n');
    log(`  at ${CONCURRENCY} in flight:\n${concurrentTable}`);

    // Likes: random likes and passes by the viewers, a third of them aimed at other viewers so
    // that mutual likes (matches) happen too; CONCURRENCY requests in flight.
    const viewerIndexByGender = {
      Man: viewers.map((v, i) => (v.gender === 'Man' ? i : -1)).filter((i) => i >= 0),
      Woman: viewers.map((v, i) => (v.gender === 'Woman' ? i : -1)).filter((i) => i >= 0),
    };
    let matches = 0;
    const { seconds: likeSeconds, durations: likeDurations } = await timedConcurrently(LIKE_OPS, CONCURRENCY, async () => {
      const from = Math.floor(random() * VIEWERS);
      const wanted = viewers[from].gender === 'Man' ? 'Woman' : 'Man';
      const pool = viewerIndexByGender[wanted];
      const to = random() < 0.33 && pool.length > 0 ? viewers[pool[Math.floor(random() * pool.length)]].id : randomProfileId();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/match/like/',
        headers: { authorization: tokens[from] },
        payload: { to_profile_id: to, liked: random() < 0.7 },
      });
      if (response.statusCode === 200 && (response.json() as { match_created: boolean }).match_created) matches++;
      else if (response.statusCode !== 200 && response.statusCode !== 404 && response.statusCode !== 400) {
        throw new Error(`like: ${response.statusCode} ${response.body}`);
      }
    });
    const { seconds: readSeconds } = await timedConcurrently(LIKE_OPS, CONCURRENCY, () =>
      db.select().from(profiles).where(eq(profiles.id, randomProfileId())),
    );
    const likesPerSecond = LIKE_OPS / likeSeconds;
    const readsPerSecond = LIKE_OPS / readSeconds;
    const likeLatency = summarize(likeDurations);
    const httpReadsPerSecond = CONCURRENT_REQUESTS / concurrentHttpRead.seconds;
    const httpReadLatency = summarize(concurrentHttpRead.durations);
    log(
      `  likes: ${likesPerSecond.toFixed(0)}/s p99 ${ms(likeLatency.p99)} (${matches} matches); pk reads: ${readsPerSecond.toFixed(0)}/s, over HTTP ${httpReadsPerSecond.toFixed(0)}/s`,
    );

    const cities = (await loadPlaces()).length;
    const [{ version }] = await db.execute<{ version: string }>(sql`select current_setting('server_version') as version`);
    const cpus = os.cpus();
    const table = rows
      .map(
        (r) =>
          `| ${r.name} | ${r.count} | ${(r.capped * 100).toFixed(0)}% | ${ms(r.summary.p50)} | ${ms(r.summary.p95)} | ${ms(r.summary.p99)} | ${ratio(r.summary.p50, baseline.p50)} | ${ratio(r.summary.p99, baseline.p99)} | ${r.indexes} |`,
      )
      .join('\n');
    const worstP99 = Math.max(...rows.map((r) => r.summary.p99));
    const [load1] = os.loadavg();
    return `## Discovery and likes (\`bench/discovery.bench.ts\`)

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, PostgreSQL ${version}, load average ${load1.toFixed(1)} at the end.
Population (\`BENCH_MEMBERS\`): ${MEMBERS.toLocaleString('en-US')} complete members (${men.length} men, ${women.length} women) in ${cities} real cities
(weighted by metro size, about four fifths in the United States), ${swipes.toLocaleString('en-US')} swipes, ${blockCount} blocks; ${population.reused ? `seeded earlier in ${seedSeconds.toFixed(0)} s, reused (BENCH_DATABASE)` : `seeded in ${seedSeconds.toFixed(0)} s`}.
Each discovery request is a full \`GET /api/v1/profiles/?page_size=20&...\` through \`app.inject\` (token check, count,
page query, rows, serialization) by one of ${VIEWERS} random members, ${ITERATIONS} requests per set after a warm-up, one at a time.

Baselines measured in the same run: a primary-key profile read (\`select * from profiles where id = $1\`) p50 ${ms(baseline.p50)},
p95 ${ms(baseline.p95)}, p99 ${ms(baseline.p99)}; \`GET /api/v1/my_profile/\` (token check + the same read over HTTP) p50 ${ms(httpBaseline.p50)},
p99 ${ms(httpBaseline.p99)}.

| filter set | matches (avg count) | count capped | p50 | p95 | p99 | p50 / pk read | p99 / pk read | plans of the page and count queries (place walk; EXPLAIN ANALYZE) |
|---|---|---|---|---|---|---|---|---|
${table}

Worst discovery p99: ${ms(worstP99)} (target: under 50 ms) — ${worstP99 < 50 ? 'met' : 'NOT met'}.

At ${CONCURRENCY} requests in flight (${CONCURRENT_REQUESTS} each, one process for the clients and the API):

| operation | throughput | p50 | p99 |
|---|---|---|---|
${concurrentTable}

How a request spends its time (design in docs/decisions.md, "Speed"): the page and the count run
beside each other as place walks (server/modules/discovery/discovery.places.ts): the distinct
places of the sought gender are found by skipping through \`profiles_discovery_idx\` one place
at a time, places outside the distance filter (or without anyone of the filtered country, state
or city, one probe of \`profiles_discovery_place_idx\` each) are dropped, and at each remaining
place the newest matching candidates are read in index order until the page's end (the page) or
the cap of 1,000 (the count). Only a page the walk cannot prove (it reaches swiped or unlocated
candidates, or lies past the 1,000th candidate) orders the whole set.

Likes: ${LIKE_OPS} \`POST /api/v1/match/like/\` (70% likes, 30% passes, a third aimed at other active members so matches
happen: ${matches} matches made), ${CONCURRENCY} in flight, each a transaction with a pair lock and its outbox events:

| at ${CONCURRENCY} in flight | throughput | share of the authenticated read over HTTP | p50 | p99 |
|---|---|---|---|---|
| **like / pass** | **${likesPerSecond.toFixed(0)}/s** | **${((likesPerSecond / httpReadsPerSecond) * 100).toFixed(0)}%** (goal: at least 50%) | ${ms(likeLatency.p50)} | **${ms(likeLatency.p99)}** (goal: at most 25 ms) |
| \`GET /api/v1/my_profile/\` (authenticated primary-key read over HTTP, above) | ${httpReadsPerSecond.toFixed(0)}/s | 100% | ${ms(httpReadLatency.p50)} | ${ms(httpReadLatency.p99)} |
| primary-key read in the database | ${readsPerSecond.toFixed(0)}/s | — | — | — |

Likes: ${likesPerSecond >= httpReadsPerSecond / 2 ? 'throughput goal met' : 'throughput goal NOT met'}; ${likeLatency.p99 <= 25 ? 'p99 goal met' : 'p99 goal NOT met'}.
`;
  } finally {
    await app.close();
  }
}
