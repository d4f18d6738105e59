/**
 * Moderation benchmark, on the discovery bench's population (bench/lib/population.ts):
 *
 * 1. The queue's first page with 100,000 open reports (critical first, then oldest), as a
 *    moderator reads it over HTTP, beside the cheapest authenticated read of the same run (the
 *    moderator's own statements: the token check and one indexed query). Goal: p99 <= 50 ms.
 * 2. Filing a report while the pair has 10,000 messages (the evidence snapshot takes the last 200;
 *    the report closes the match, so its messages go too), beside filing one about a pair with no
 *    chat at all. Goal: p99 <= 100 ms.
 * 3. Discovery and likes received for a member with 1,000 blocks and reports against a member with
 *    none, in the same population, which also holds 1,000 restricted (suspended or banned)
 *    accounts. Goal: no more than 10% extra.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/kernel/db/client.ts';
import { buildBenchApp, tokensFor, UNLIMITED_VIEWS } from './lib/app.ts';
import { ensurePopulation, POPULATION_PREFIX } from './lib/population.ts';
import { type LatencySummary, measure, ms, ratio, summarize } from './lib/stats.ts';

export interface ModerationBenchContext {
  db: Db;
  sql: postgres.Sql;
  databaseUrl: string;
  log: (line: string) => void;
}

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const OPEN_REPORTS = 100_000;
const QUEUE_ITERATIONS = 400;
const FILINGS = 120;
const MESSAGES_PER_PAIR = 10_000;
const HEAVY_VIEWER_BLOCKS = 1_000;
const RESTRICTED_ACCOUNTS = 1_000;
const PAGE_ITERATIONS = 300;

const tokenFor = async (app: FastifyInstance, db: Db, userId: number) => (await tokensFor(app, db, [userId]))[0];

async function timedGet(app: FastifyInstance, url: string, token: string): Promise<void> {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: token } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
}

/** Population members by gender, oldest first: [userId, profileId]. */
async function membersOf(db: Db, gender: 'Man' | 'Woman', count: number, offset = 0) {
  const rows = await db.execute<{ user_id: string; id: string }>(sql`
    select p.user_id::text, p.id::text from profiles p join users u on u.id = p.user_id
    where u.username like ${`${POPULATION_PREFIX}%`} and p.gender = ${gender} and p.is_complete
    order by p.id offset ${offset} limit ${count}`);
  return rows.map((row) => ({ userId: Number(row.user_id), profileId: Number(row.id) }));
}

async function queueSection(app: FastifyInstance, db: Db, moderatorId: number, log: (line: string) => void) {
  log(`moderation: ${OPEN_REPORTS} open reports`);
  // Reporters and reported spread over the population, each pair once (one open report per pair
  // is the rule), categories in their real mix (four of nine critical), filed over 30 days; a
  // tenth already in review.
  await db.execute(sql`
    with people as (select array_agg(u.id) as ids from users u where u.username like ${`${POPULATION_PREFIX}%`})
    insert into reports (reporter_id, reported_id, category, note, evidence_sha256, state, assignee_id, created_at)
    select ids[1 + n % array_length(ids, 1)], ids[1 + (n % array_length(ids, 1) + 1 + n / array_length(ids, 1)) % array_length(ids, 1)],
           (array['fake_profile','scam_spam','money_request','harassment_hate','sexual_content','underage','off_platform','violence_threats','other'])[1 + n % 9],
           'bench note', 'bench', case when n % 10 = 0 then 'in_review' else 'open' end,
           case when n % 10 = 0 then ${moderatorId}::bigint end,
           now() - make_interval(secs => (n * 26) % 2592000)
    from people, generate_series(1, ${OPEN_REPORTS}) n
    on conflict do nothing`);
  await db.execute(sql`analyze reports`);
  const token = await tokenFor(app, db, moderatorId);
  const baseline = summarize(await measure(() => timedGet(app, '/api/v1/statements/', token), QUEUE_ITERATIONS));
  const first = summarize(await measure(() => timedGet(app, '/api/v1/moderation/queue/', token), QUEUE_ITERATIONS));
  const fifty = summarize(await measure(() => timedGet(app, '/api/v1/moderation/queue/?limit=50', token), QUEUE_ITERATIONS));
  const [{ open }] = await db.execute<{ open: number }>(
    sql`select count(*)::int as open from reports where state in ('open', 'in_review')`,
  );
  log(`  queue first page p99 ${ms(first.p99)} (baseline ${ms(baseline.p99)})`);
  return { baseline, first, fifty, open };
}

/** A match with its chat open and `messages` messages between the two, written straight to the tables. */
async function chatBetween(db: Db, a: { profileId: number }, b: { profileId: number }, messages: number): Promise<void> {
  const [match] = await db.execute<{ id: string }>(sql`
    insert into matches (profile_low_id, profile_high_id, chat_unlocked_at)
    values (least(${a.profileId}::bigint, ${b.profileId}::bigint), greatest(${a.profileId}::bigint, ${b.profileId}::bigint), now())
    returning id::text`);
  if (messages > 0) {
    await db.execute(sql`
      insert into chat_messages (match_id, from_profile_id, body, created_at)
      select ${match.id}::bigint, case when n % 2 = 0 then ${a.profileId}::bigint else ${b.profileId}::bigint end,
             'message number ' || n, now() - make_interval(secs => ${messages} - n)
      from generate_series(1, ${messages}) n`);
  }
}

async function fileOne(app: FastifyInstance, token: string, userId: number, messageIds: number[]): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/reports/',
    headers: { authorization: token },
    payload: {
      user_id: userId,
      category: 'scam_spam',
      note: 'Asked me for money.',
      ...(messageIds.length ? { message_ids: messageIds } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`report: ${response.statusCode} ${response.body.slice(0, 200)}`);
}

/** Files one report per pair, timed, each pair set up (untimed) just before its filing. */
async function filings(app: FastifyInstance, db: Db, offset: number, messages: number): Promise<LatencySummary> {
  const reporters = await membersOf(db, 'Man', FILINGS, offset);
  const reported = await membersOf(db, 'Woman', FILINGS, offset);
  const durations: number[] = [];
  for (let i = 0; i < FILINGS; i++) {
    await chatBetween(db, reporters[i], reported[i], messages);
    const token = await tokenFor(app, db, reporters[i].userId);
    const named = await db.execute<{ id: string }>(sql`
      select id::text from chat_messages where from_profile_id = ${reported[i].profileId} order by id desc limit 3`);
    const started = process.hrtime.bigint();
    await fileOne(
      app,
      token,
      reported[i].userId,
      named.map((row) => Number(row.id)),
    );
    // The first few warm the route's schemas and statement caches.
    if (i >= 10) durations.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summarize(durations);
}

async function pageSection(app: FastifyInstance, db: Db, log: (line: string) => void) {
  log(`moderation: ${RESTRICTED_ACCOUNTS} restricted accounts, a member with ${HEAVY_VIEWER_BLOCKS} blocks and reports`);
  await db.execute(sql`
    update users set suspended_until = case when id % 2 = 0 then now() + interval '7 days' end,
                     banned_at = case when id % 2 = 1 then now() end
    where id in (select u.id from users u where u.username like ${`${POPULATION_PREFIX}%`} order by u.id desc limit ${RESTRICTED_ACCOUNTS})`);
  const [light, heavy] = await membersOf(db, 'Man', 2, 5 * FILINGS);
  const women = await membersOf(db, 'Woman', HEAVY_VIEWER_BLOCKS, 5 * FILINGS);
  // Half blocks, half reports (each with its block, as filing writes it), and both viewers liked by the same members.
  await db.execute(sql`
    insert into blocks (blocker_user_id, blocked_user_id, via_report)
    select ${heavy.userId}::bigint, w, n % 2 = 0
    from unnest(${`{${women.map((w) => w.userId).join(',')}}`}::bigint[]) with ordinality as t(w, n)
    on conflict do nothing`);
  await db.execute(sql`
    insert into reports (reporter_id, reported_id, category, evidence_sha256)
    select ${heavy.userId}::bigint, w, 'other', 'bench'
    from unnest(${`{${women
      .filter((_, i) => i % 2 === 1)
      .map((w) => w.userId)
      .join(',')}}`}::bigint[]) as t(w)
    on conflict do nothing`);
  const admirers = await membersOf(db, 'Woman', 200, 5 * FILINGS + HEAVY_VIEWER_BLOCKS);
  for (const viewer of [light, heavy]) {
    await db.execute(sql`
      insert into likes (from_profile_id, to_profile_id, liked)
      select a, ${viewer.profileId}::bigint, true from unnest(${`{${admirers.map((a) => a.profileId).join(',')}}`}::bigint[]) as t(a)
      on conflict do nothing`);
  }
  await db.execute(sql`analyze blocks; analyze reports; analyze users; analyze likes`);
  const tokens = { light: await tokenFor(app, db, light.userId), heavy: await tokenFor(app, db, heavy.userId) };
  const pages = { discovery: '/api/v1/profiles/?page_size=20', likes: '/api/v1/match/likes_received/' };
  const results: Record<string, { light: LatencySummary; heavy: LatencySummary }> = {};
  for (const [name, url] of Object.entries(pages)) {
    // Interleaved, so both viewers meet the same moments of a noisy machine.
    const light: number[] = [];
    const heavy: number[] = [];
    for (let i = 0; i < 20; i++) await Promise.all([timedGet(app, url, tokens.light), timedGet(app, url, tokens.heavy)]);
    for (let i = 0; i < PAGE_ITERATIONS; i++) {
      light.push(...(await measure(() => timedGet(app, url, tokens.light), 1, 0)));
      heavy.push(...(await measure(() => timedGet(app, url, tokens.heavy), 1, 0)));
    }
    results[name] = { light: summarize(light), heavy: summarize(heavy) };
    log(`  ${name}: p50 ${ms(results[name].light.p50)} vs ${ms(results[name].heavy.p50)} with ${HEAVY_VIEWER_BLOCKS} blocks/reports`);
  }
  return results;
}

export async function runModerationBench({ db, sql: client, databaseUrl, log }: ModerationBenchContext): Promise<string> {
  await ensurePopulation(client, MEMBERS, log);
  const app = await buildBenchApp(db, databaseUrl, { ...UNLIMITED_VIEWS, WORKERS: 'none' });
  try {
    const [mod] = await db.execute<{ id: string }>(sql`
      insert into users (username, email, password_hash, role) values ('bench_mod_x', 'bench_mod_x@example.com', 'x', 'moderator')
      on conflict do nothing returning id::text`);
    const moderatorId = Number(
      mod?.id ?? (await db.execute<{ id: string }>(sql`select id::text from users where username = 'bench_mod_x'`))[0].id,
    );
    log(`moderation: filing ${FILINGS} reports with ${MESSAGES_PER_PAIR} messages per pair, and ${FILINGS} with none`);
    const withChat = await filings(app, db, 0, MESSAGES_PER_PAIR);
    const withoutChat = await filings(app, db, FILINGS, 0);
    log(`  filing p99 ${ms(withChat.p99)} (no chat ${ms(withoutChat.p99)})`);
    const queue = await queueSection(app, db, moderatorId, log);
    const pages = await pageSection(app, db, log);
    const [load1] = os.loadavg();
    const extra = (name: string, p: 'p50' | 'p99') => `${((pages[name].heavy[p] / pages[name].light[p] - 1) * 100).toFixed(1)}%`;
    return `## Moderation (\`bench/moderation.bench.ts\`)

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${load1.toFixed(1)} at the end, ${MEMBERS.toLocaleString('en-US')} members. Every request goes through \`app.inject\` (token check, schemas, serialisation).

| Measure | p50 | p99 | goal | baseline in the same run |
|---|---|---|---|---|
| Queue, first page (20) of ${queue.open.toLocaleString('en-US')} open and in-review reports | ${ms(queue.first.p50)} | **${ms(queue.first.p99)}** | p99 ≤ 50 ms | ${ratio(queue.first.p99, queue.baseline.p99)} of \`GET /statements/\` (p99 ${ms(queue.baseline.p99)}) |
| Queue, first page of 50 | ${ms(queue.fifty.p50)} | ${ms(queue.fifty.p99)} | — | ${ratio(queue.fifty.p99, queue.baseline.p99)} |
| Filing a report, the pair has ${MESSAGES_PER_PAIR.toLocaleString('en-US')} messages (3 named; the match and its chat close) | ${ms(withChat.p50)} | **${ms(withChat.p99)}** | p99 ≤ 100 ms | ${ratio(withChat.p99, withoutChat.p99)} of filing with no chat (p99 ${ms(withoutChat.p99)}) |
| Discovery page, member with ${HEAVY_VIEWER_BLOCKS.toLocaleString('en-US')} blocks and reports | ${ms(pages.discovery.heavy.p50)} | ${ms(pages.discovery.heavy.p99)} | ≤ +10% | ${extra('discovery', 'p50')} at p50, ${extra('discovery', 'p99')} at p99 over a member with none (${ms(pages.discovery.light.p50)} / ${ms(pages.discovery.light.p99)}) |
| Likes received, the same two members (200 likes each) | ${ms(pages.likes.heavy.p50)} | ${ms(pages.likes.heavy.p99)} | ≤ +10% | ${extra('likes', 'p50')} at p50, ${extra('likes', 'p99')} at p99 (${ms(pages.likes.light.p50)} / ${ms(pages.likes.light.p99)}) |

The population holds ${RESTRICTED_ACCOUNTS.toLocaleString('en-US')} restricted accounts (half suspended, half banned) for the last two rows: every viewer's
visibility rule leaves them out (\`users_restricted_idx\`). Filing: ${FILINGS - 10} timed filings per row after 10 warm-ups, each pair set up just before.
`;
  } finally {
    await app.close();
  }
}
