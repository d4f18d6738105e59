/**
 * Chat delivery benchmark: N members connected to the real gateway (/api/v1/ws, one socket each),
 * the API running as in production in a process of its own (server/main.ts, in-process handlers),
 * their matches sending them messages over HTTP at a fixed offered rate, and for each message the
 * time from just before its `POST /api/v1/match/chat/:id/` to the `chat.message` push arriving on
 * the recipient's socket (commit, outbox relay woken by NOTIFY, in-process bus, notifications
 * handler, push bus, gateway). Beside it, measured in the same run with the same number of sockets
 * and the same rate: a plain `ws` WebSocketServer in this process echoing each message (the floor).
 *
 * Each socket count runs at the goal's rate and at a lower one (BENCH_CHAT_RATES), so that an
 * overloaded goal run still shows how latency moves with the number of sockets.
 *
 * Both ends of every socket live in this process (2 file descriptors per socket). Members,
 * matches (chat unlocked) and sessions are written by SQL, tokens signed with the app's own key,
 * so nothing goes through argon2 per member.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import WebSocket, { WebSocketServer } from 'ws';
import { WS_PATH } from '../server/contract/realtime.ts';
import { loadConfig } from '../server/kernel/config.ts';
import type { Db } from '../server/kernel/db/client.ts';
import { matches, profiles, sessions } from '../server/kernel/db/schema/index.ts';
import { SEND_LIMIT } from '../server/modules/chat/index.ts';
import { seedPopulation } from '../server/seed/population-seed.ts';
import { startServerProcess } from '../server/test/server-process.ts';
import { concurrently, drain, openFilesLimit, openLoop, sleep, until, type Usage, watchUsage } from './lib/load.ts';
import { ms, percentile } from './lib/stats.ts';

export interface ChatBenchContext {
  db: Db;
  databaseUrl: string;
  log: (line: string) => void;
}

const list = (value: string | undefined, fallback: number[]) => (value ? value.split(',').map(Number) : fallback);
/** For a quick look: BENCH_CHAT_SOCKETS=200 BENCH_CHAT_RATES=100 BENCH_CHAT_SECONDS=2 BENCH_CHAT_WARMUP_SECONDS=1. */
const SOCKET_COUNTS = list(process.env.BENCH_CHAT_SOCKETS, [1_000, 2_000, 5_000]);
const RATES = list(process.env.BENCH_CHAT_RATES, [500, 100]);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
/** Sent but not measured: the API process is new for each run (its JIT and pool connections start cold). */
const WARMUP_SECONDS = Number(process.env.BENCH_CHAT_WARMUP_SECONDS ?? 5);
/** Requests (or echo round trips) unfinished at once; past it a due message waits and counts as late. */
const MAX_IN_FLIGHT = 64;
/** A message not started within this of its due time is given up (the run keeps its length). */
const GRACE_MS = 1_000;
/** Sockets opened at once while connecting. */
const CONNECT_CONCURRENCY = 100;
const REQUEST_TIMEOUT_MS = 10_000;
/** After the last send, pushes still coming are waited for until none has come for this long. */
const QUIET_MS = 5_000;
const DRAIN_CAP_MS = 120_000;
const GOAL = { sockets: 2_000, rate: 500, p99Ms: 50 };
/** Descriptors besides the sockets: HTTP keep-alive connections (both ends), the pool, files. */
const FD_RESERVE = 2 * MAX_IN_FLIGHT + 200;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret!';

interface Pair {
  matchId: number;
  senderUserId: number;
  recipientUserId: number;
}

interface Percentiles {
  p50: number;
  p99: number;
}

interface Stages {
  /** The POST's 201 back at the sender. */
  answered: Percentiles;
  /** The outbox relay's pass that published the event began (outbox.published_at). */
  relayed: Percentiles;
  /** The notifications handler had published the push and settled (event_deliveries.settled_at). */
  handled: Percentiles;
}

interface Run {
  rate: number;
  /** Messages due in the measured part of the schedule. */
  offered: number;
  /** Of those, given up because the in-flight bound held them past their grace. */
  skipped: number;
  /** Accepted: the gateway's 201s, or the echo's sends. */
  sent: number;
  delivered: number;
  failures: Map<string, number>;
  /** Arrivals per second, from the first measured arrival to the last. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  late: number;
  usage: Usage;
  /** Gateway only: when each stage was done, from the send. */
  stages?: Stages;
}

interface Side {
  sockets: number;
  connectSeconds: number;
  runs: Run[];
}

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** Men paired with women, each pair matched with its chat unlocked; the women get the sockets. */
async function seedPairs(db: Db, count: number, log: (line: string) => void): Promise<Pair[]> {
  const started = Date.now();
  // Slightly more than twice as many: the generated population is about half men, half women.
  const profileIds = await seedPopulation(db, {
    count: Math.ceil(count * 2.2) + 50,
    seed: 17,
    usernamePrefix: `chat_${randomBytes(3).toString('hex')}_`,
  });
  const rows = await db
    .select({ id: profiles.id, userId: profiles.userId, gender: profiles.gender })
    .from(profiles)
    .where(inArray(profiles.id, profileIds));
  const men = rows.filter((r) => r.gender === 'Man');
  const women = rows.filter((r) => r.gender === 'Woman');
  if (men.length < count || women.length < count)
    throw new Error(`chat bench: ${men.length} men and ${women.length} women seeded, ${count} pairs needed`);
  const userOf = new Map(rows.map((r) => [r.id, r.userId]));
  const pairs: Pair[] = [];
  for (let start = 0; start < count; start += 2_000) {
    const values = Array.from({ length: Math.min(2_000, count - start) }, (_, k) => {
      const [man, woman] = [men[start + k].id, women[start + k].id];
      return {
        profileLowId: Math.min(man, woman),
        profileHighId: Math.max(man, woman),
        chatUnlockedAt: new Date(),
        chatUnlockedByProfileId: man,
      };
    });
    const inserted = await db
      .insert(matches)
      .values(values)
      .returning({ id: matches.id, low: matches.profileLowId, high: matches.profileHighId });
    const manOf = new Map(values.map((v) => [`${v.profileLowId}:${v.profileHighId}`, v.chatUnlockedByProfileId]));
    for (const match of inserted) {
      const man = manOf.get(`${match.low}:${match.high}`)!;
      const woman = man === match.low ? match.high : match.low;
      pairs.push({ matchId: match.id, senderUserId: userOf.get(man)!, recipientUserId: userOf.get(woman)! });
    }
  }
  await db.execute(sql`vacuum analyze`);
  log(`  ${count} matched pairs with unlocked chats seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return pairs;
}

/** The token the app issues at sign-in (HS256 over {sid, sub}), signed here with the secret the server was given. */
function tokenFor(userId: number, sessionId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sid: sessionId, sub: String(userId), iat: Math.floor(Date.now() / 1000) })}`;
  return `${unsigned}.${createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url')}`;
}

async function tokensFor(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  for (let start = 0; start < userIds.length; start += 2_000) {
    const rows = await db
      .insert(sessions)
      .values(userIds.slice(start, start + 2_000).map((userId) => ({ userId, expiresAt: new Date(Date.now() + 86_400_000) })))
      .returning({ id: sessions.id, userId: sessions.userId });
    for (const row of rows) tokens.set(row.userId, `Token ${tokenFor(row.userId, row.id)}`);
  }
  return tokens;
}

/** Opens a client socket; `onMessage` gets the arrival time (taken first) and the text. */
function connect(url: string, headers: Record<string, string>, onMessage: (at: number, text: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    ws.on('message', (data: Buffer) => onMessage(performance.now(), data.toString()));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`${url}: HTTP ${response.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => resolve(ws));
  });
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  const closed = sockets.map((ws) =>
    ws.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise<void>((resolve) => ws.once('close', () => resolve())),
  );
  for (const ws of sockets) ws.close(1000);
  const timeout = sleep(5_000).then(() => {
    for (const ws of sockets) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
  });
  await Promise.race([Promise.all(closed), timeout]);
}

function post(agent: http.Agent, port: number, path: string, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent,
        headers: { authorization: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** Latencies and the achieved rate of the measured messages (send time against arrival time). */
function summarizeRun(sends: Map<number, number>, arrivals: Map<number, number>) {
  const latencies: number[] = [];
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const [id, sentAt] of sends) {
    const arrivedAt = arrivals.get(id);
    if (arrivedAt === undefined) continue;
    latencies.push(arrivedAt - sentAt);
    first = Math.min(first, arrivedAt);
    last = Math.max(last, arrivedAt);
  }
  latencies.sort((a, b) => a - b);
  return {
    delivered: latencies.length,
    // A receiver falling behind spreads the arrivals out.
    achieved: latencies.length > 1 ? (latencies.length - 1) / ((last - first) / 1000) : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

/**
 * Where the time went, per measured message: the POST's answer (this clock), and from the
 * database clock (the same machine's) when the relay took its event and when the handler was done.
 */
async function stagesOf(db: Db, sends: Map<number, { at: number; answeredAt: number }>): Promise<Stages> {
  const ids = [...sends.keys()];
  const rows = await db.execute<{ message_id: number | string; published: number | null; settled: number | null }>(sql`
    select (o.payload->>'messageId')::bigint as message_id,
           (extract(epoch from o.published_at) * 1000)::float8 as published,
           (extract(epoch from d.settled_at) * 1000)::float8 as settled
    from outbox o left join event_deliveries d on d.event_id = o.id and d.handler = 'notifications'
    where o.subject = 'chat.message_sent' and (o.payload->>'messageId')::bigint between ${Math.min(...ids)} and ${Math.max(...ids)}`);
  const relayed: number[] = [];
  const handled: number[] = [];
  for (const row of rows) {
    const send = sends.get(Number(row.message_id));
    if (!send) continue;
    const sentAt = performance.timeOrigin + send.at;
    if (row.published !== null) relayed.push(Number(row.published) - sentAt);
    if (row.settled !== null) handled.push(Number(row.settled) - sentAt);
  }
  return {
    answered: percentiles([...sends.values()].map((s) => s.answeredAt - s.at)),
    relayed: percentiles(relayed),
    handled: percentiles(handled),
  };
}

const warmupOf = (rate: number) => Math.round(rate * WARMUP_SECONDS);
const measuredOf = (rate: number) => Math.round(rate * SECONDS);
const tally = (failures: Map<string, number>, what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);

/**
 * One rate over open sockets: `send(i, measured)` starts message i and resolves once the sender
 * is done with it (the gateway: the POST answered; the echo: the echo back), recording what it
 * needs itself. Warm-up messages are sent but not measured. Then waits for the pushes still on
 * their way, until `delivered()` or until none has arrived for a while.
 */
async function measureRate(
  rate: number,
  database: string,
  arrivals: Map<number, number>,
  send: (i: number, measured: boolean) => Promise<void>,
  delivered: () => boolean,
  serverPid?: number,
): Promise<{ late: number; skipped: number; usage: Usage }> {
  const warmup = warmupOf(rate);
  let watch: { stop(): Usage } | null = null;
  let started = 0;
  const loop = await openLoop({
    rate,
    total: warmup + measuredOf(rate),
    maxInFlight: MAX_IN_FLIGHT,
    graceMs: GRACE_MS,
    fire: (i) => {
      if (i < warmup) return send(i, false);
      watch ??= watchUsage(database, serverPid);
      started++;
      return send(i, true);
    },
  });
  await drain(delivered, () => arrivals.size, QUIET_MS, DRAIN_CAP_MS);
  // Until the last push: an overloaded pipeline still works through its backlog after the sends.
  const usage = (watch as { stop(): Usage } | null)?.stop() ?? watchUsage(database, serverPid).stop();
  return { late: loop.late, skipped: measuredOf(rate) - started, usage };
}

/**
 * Where the API reaches PostgreSQL: as given, or with BENCH_CHAT_DATABASE_SOCKET (a directory such
 * as /var/run/postgresql) through that Unix socket, as a server beside its database would.
 */
function serverDatabaseUrl(databaseUrl: string): string {
  const socketDirectory = process.env.BENCH_CHAT_DATABASE_SOCKET;
  if (!socketDirectory) return databaseUrl;
  const url = new URL(databaseUrl);
  url.searchParams.set('host', socketDirectory);
  return url.toString();
}

/** The API under test: its port, its process (for its CPU) and the database it writes the stage times to. */
interface ServerUnderTest {
  db: Db;
  port: number;
  pid: number;
}

async function gatewaySide(
  server: ServerUnderTest,
  pairs: Pair[],
  tokens: Map<number, string>,
  n: number,
  database: string,
  log: (line: string) => void,
): Promise<Side> {
  const { port } = server;
  const arrivals = new Map<number, number>();
  let hellos = 0;
  const connectStarted = performance.now();
  const sockets: WebSocket[] = new Array(n);
  await concurrently(n, CONNECT_CONCURRENCY, async (i) => {
    sockets[i] = await connect(`ws://127.0.0.1:${port}${WS_PATH}`, { authorization: tokens.get(pairs[i].recipientUserId)! }, (at, text) => {
      const message = JSON.parse(text) as { type: string; data: { messageId?: number } };
      if (message.type === 'chat.message') arrivals.set(message.data.messageId!, at);
      else if (message.type === 'hello') hellos++;
    });
  });
  // The hello comes once the socket is registered, so its member's pushes reach it.
  if (!(await until(() => hellos === n, 10_000))) throw new Error(`gateway: ${hellos} of ${n} sockets registered`);
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const runs: Run[] = [];
  for (const rate of RATES) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
    const sends = new Map<number, { at: number; answeredAt: number }>();
    const failures = new Map<string, number>();
    const measured = await measureRate(
      rate,
      database,
      arrivals,
      async (i, counted) => {
        const pair = pairs[i % n];
        const body = JSON.stringify({ message: `Bench message ${i}: how was your weekend?` });
        const at = performance.now();
        try {
          const response = await post(agent, port, `/api/v1/match/chat/${pair.matchId}/`, tokens.get(pair.senderUserId)!, body);
          const answeredAt = performance.now();
          if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
          if (counted) sends.set((JSON.parse(response.text) as { message: { id: number } }).message.id, { at, answeredAt });
        } catch (error) {
          if (counted) tally(failures, (error as Error).message);
        }
      },
      () => [...sends.keys()].every((id) => arrivals.has(id)),
      server.pid,
    );
    agent.destroy();
    runs.push({
      rate,
      offered: measuredOf(rate),
      sent: sends.size,
      failures,
      ...measured,
      stages: sends.size > 0 ? await stagesOf(server.db, sends) : undefined,
      ...summarizeRun(new Map([...sends].map(([id, send]) => [id, send.at])), arrivals),
    });
    log(`  ${n} sockets, gateway, ${rate}/s: ${line(runs.at(-1)!)}`);
  }
  await closeAll(sockets);
  return { sockets: n, connectSeconds, runs };
}

async function echoSide(n: number, database: string, log: (line: string) => void): Promise<Side> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 4_096 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (ws) => ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary })));
  const { port } = server.address() as AddressInfo;
  const arrivals = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  const connectStarted = performance.now();
  const sockets: WebSocket[] = new Array(n);
  await concurrently(n, CONNECT_CONCURRENCY, async (i) => {
    sockets[i] = await connect(`ws://127.0.0.1:${port}/`, {}, (at, text) => {
      // Parsed like a push, so both sides pay for reading what arrives.
      const message = JSON.parse(text) as { data: { messageId: number } };
      arrivals.set(message.data.messageId, at);
      waiting.get(message.data.messageId)?.();
    });
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const runs: Run[] = [];
  // Ids never repeat across rates, so a late echo of one run is never taken for the next one's.
  let base = 0;
  for (const rate of RATES) {
    const sends = new Map<number, number>();
    const failures = new Map<string, number>();
    const offset = base;
    base += warmupOf(rate) + measuredOf(rate);
    const measured = await measureRate(
      rate,
      database,
      arrivals,
      (i, counted) =>
        new Promise<void>((resolve) => {
          const id = offset + i;
          const at = new Date().toISOString();
          // The shape and size of a chat.message push.
          const text = JSON.stringify({
            type: 'chat.message',
            data: { messageId: id, matchId: i % n, fromUserId: i % n, hasPhoto: false, sentAt: at },
            id: `${id}:${i % n}`,
            at,
          });
          const timer = setTimeout(() => {
            waiting.delete(id);
            if (counted) tally(failures, 'no echo');
            resolve();
          }, REQUEST_TIMEOUT_MS);
          waiting.set(id, () => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve();
          });
          if (counted) sends.set(id, performance.now());
          sockets[i % n].send(text);
        }),
      () => [...sends.keys()].every((id) => arrivals.has(id)),
    );
    runs.push({ rate, offered: measuredOf(rate), sent: sends.size, failures, ...measured, ...summarizeRun(sends, arrivals) });
    log(`  ${n} sockets, ws echo, ${rate}/s: ${line(runs.at(-1)!)}`);
  }
  await closeAll(sockets);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { sockets: n, connectSeconds, runs };
}

const count = (value: number) => value.toLocaleString('en-US');
const perSecond = (value: number) => `${value.toFixed(0)}/s`;
const cores = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(2));
const busy = (u: Usage) => (Number.isNaN(u.machineBusy) ? 'n/a' : `${(u.machineBusy * 100).toFixed(0)}%`);
const failuresOf = (run: Run) => [...run.failures].map(([what, times]) => `${times} × ${what}`).join(', ');
const stage = (p: Percentiles | undefined) => (p ? `${ms(p.p50)} / ${ms(p.p99)}` : '—');
/**
 * CPU milliseconds per delivered message: the server (the API's process; for the echo, this
 * process, where its server runs), the load generator (this process) and PostgreSQL's backends.
 */
const serverCoresOf = (usage: Usage) => (Number.isNaN(usage.serverCores) ? usage.processCores : usage.serverCores);
const costOf = (run: Run) => ({
  server: (serverCoresOf(run.usage) * run.usage.wallMs) / run.delivered,
  client: (run.usage.processCores * run.usage.wallMs) / run.delivered,
  postgres: (run.usage.postgresCores * run.usage.wallMs) / run.delivered,
});
const line = (run: Run) =>
  `${perSecond(run.achieved)}, p50 ${ms(run.p50)} p99 ${ms(run.p99)} max ${ms(run.max)}, ${run.delivered}/${run.sent} delivered` +
  `${run.skipped > 0 ? `, ${run.skipped} not sent` : ''}${run.failures.size > 0 ? `, failed: ${failuresOf(run)}` : ''}; ` +
  `CPU: server ${cores(run.usage.serverCores)}, load generator ${cores(run.usage.processCores)}, PostgreSQL ${cores(run.usage.postgresCores)} (all ${cores(run.usage.postgresAllCores)}), machine ${busy(run.usage)}; loop delay p99 ${ms(run.usage.loopDelayP99Ms)}`;

function table(gateway: Side, echo: Side): string {
  const columns = RATES.flatMap((rate, k) => [
    { title: `gateway, ${rate}/s offered`, run: gateway.runs[k], floor: echo.runs[k], side: gateway },
    { title: `\`ws\` echo, ${rate}/s`, run: echo.runs[k], floor: null, side: echo },
  ]);
  const versus = (value: number, floor: number | undefined) =>
    floor === undefined ? ms(value) : `${ms(value)} (${(value / floor).toFixed(0)}x)`;
  const rows: Array<[string, (c: (typeof columns)[number]) => string]> = [
    ['all sockets connected in', (c) => `${c.side.connectSeconds.toFixed(1)} s`],
    [
      `sent / offered (not started within ${GRACE_MS / 1000} s of their time)`,
      (c) => `${count(c.run.sent)} / ${count(c.run.offered)}${c.run.skipped > 0 ? ` (${count(c.run.skipped)})` : ''}`,
    ],
    [
      'delivered / sent',
      (c) => `${count(c.run.delivered)} / ${count(c.run.sent)}${c.run.failures.size > 0 ? ` (failed: ${failuresOf(c.run)})` : ''}`,
    ],
    ['achieved (arrivals per second)', (c) => perSecond(c.run.achieved)],
    ['send -> receive p50 (x floor)', (c) => versus(c.run.p50, c.floor?.p50)],
    ['send -> receive p99 (x floor)', (c) => versus(c.run.p99, c.floor?.p99)],
    ['send -> receive max', (c) => ms(c.run.max)],
    ['from the send, p50 / p99: POST answered (201)', (c) => stage(c.run.stages?.answered)],
    ['… relay pass that took the event began (`outbox.published_at`)', (c) => stage(c.run.stages?.relayed)],
    ['… handler settled, after the push (`event_deliveries.settled_at`)', (c) => stage(c.run.stages?.handled)],
    [`started over 5 ms late (at most ${MAX_IN_FLIGHT} in flight)`, (c) => count(c.run.late)],
    [
      'CPU cores: API process / load generator / its PostgreSQL backends (all PostgreSQL) / machine busy',
      (c) =>
        `${cores(c.run.usage.serverCores)} / ${cores(c.run.usage.processCores)} / ${cores(c.run.usage.postgresCores)} (${cores(c.run.usage.postgresAllCores)}) / ${busy(c.run.usage)}`,
    ],
    [
      'CPU per delivered message: API process / PostgreSQL (echo: its process, both ends)',
      (c) => (c.floor ? `${ms(costOf(c.run).server)} / ${ms(costOf(c.run).postgres)}` : ms(costOf(c.run).server)),
    ],
    ['load generator event-loop delay p99 / max', (c) => `${ms(c.run.usage.loopDelayP99Ms)} / ${ms(c.run.usage.loopDelayMaxMs)}`],
  ];
  return `| ${count(gateway.sockets)} sockets | ${columns.map((c) => c.title).join(' | ')} |
|---|${columns.map(() => '---|').join('')}
${rows.map(([name, cell]) => `| ${name} | ${columns.map(cell).join(' | ')} |`).join('\n')}`;
}

const meetsGoal = (run: Run) =>
  run.rate >= GOAL.rate &&
  run.failures.size === 0 &&
  run.skipped === 0 &&
  run.delivered === run.sent &&
  run.achieved >= 0.99 * GOAL.rate &&
  run.p99 <= GOAL.p99Ms;

export async function runChatBench({ db, databaseUrl, log }: ChatBenchContext): Promise<string> {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const limit = openFilesLimit();
  const fits = (n: number) => limit === null || 2 * n + FD_RESERVE <= limit;
  const counts = SOCKET_COUNTS.filter(fits);
  const skipped = SOCKET_COUNTS.filter((n) => !fits(n));
  const largestFit = limit === null ? null : Math.floor((limit - FD_RESERVE) / 2);
  if (skipped.length > 0) log(`chat: the open-files limit (${limit}) fits at most ${largestFit} sockets; skipping ${skipped.join(', ')}`);
  if (counts.length === 0)
    return `## Chat delivery (\`bench/chat.bench.ts\`)\n\nNot run: the open-files limit (${limit}) fits at most ${largestFit} sockets.\n`;
  const loadBefore = os.loadavg()[0];
  log(`chat: seeding ${Math.max(...counts)} pairs...`);
  const pairs = await seedPairs(db, Math.max(...counts), log);

  const heartbeatSeconds =
    process.env.WS_HEARTBEAT_SECONDS ?? String(loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl }).wsHeartbeatSeconds);
  const results: Array<{ gateway: Side; echo: Side }> = [];
  // The API as production runs it, in a process of its own, so its event loop is not the load
  // generator's: server/main.ts with the in-process handlers (no NATS_URL), only `notifications`.
  const cleanups: Array<() => unknown> = [];
  try {
    const { baseUrl, server } = await startServerProcess(
      { teardown: (fn) => cleanups.push(fn) },
      {
        DATABASE_URL: serverDatabaseUrl(databaseUrl),
        JWT_SECRET,
        LOG_LEVEL: 'silent',
        DATA_DIR: os.tmpdir(),
        WORKERS: 'notifications',
        // The gateway's ping and session re-check of every socket (default 30 s) can be moved to see what a tick costs.
        WS_HEARTBEAT_SECONDS: heartbeatSeconds,
      },
      // For a profile of the API alone: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
      process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    );
    const underTest: ServerUnderTest = { db, port: Number(new URL(baseUrl).port), pid: server.child.pid! };
    const tokens = await tokensFor(
      db,
      pairs.flatMap((p) => [p.senderUserId, p.recipientUserId]),
    );
    for (const n of counts) {
      // Each socket count starts from a vacuumed database: the rows the previous count's thousands
      // of messages left (outbox, deliveries, messages) are otherwise vacuumed during this one and
      // billed to it, which grew PostgreSQL's CPU per message from run to run.
      await db.execute(sql`vacuum analyze`);
      const gateway = await gatewaySide(underTest, pairs, tokens, n, database, log);
      const echo = await echoSide(n, database, log);
      results.push({ gateway, echo });
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }

  const [{ version }] = await db.execute<{ version: string }>(sql`select current_setting('server_version') as version`);
  const cpus = os.cpus();
  // Each sender's share of the rate, against the per-member send limit (with a margin for the window's edges).
  const binds = counts.filter((n) => (Math.max(...RATES) / n) * SEND_LIMIT.windowSeconds > 0.8 * SEND_LIMIT.max);
  const goalRun = results.find((r) => r.gateway.sockets === GOAL.sockets)?.gateway.runs.find((run) => run.rate === GOAL.rate);
  const verdict = goalRun
    ? `**Goal (${count(GOAL.sockets)} sockets open, ${GOAL.rate} messages/s, p99 at most ${GOAL.p99Ms} ms): ${meetsGoal(goalRun) ? 'met' : 'NOT met'}** — at ${count(GOAL.sockets)} sockets ` +
      `and ${GOAL.rate}/s offered, ${perSecond(goalRun.achieved)} delivered (${count(goalRun.delivered)} of ${count(goalRun.offered)} offered), p99 ${ms(goalRun.p99)}.`
    : `No run at ${count(GOAL.sockets)} sockets and ${GOAL.rate}/s (BENCH_CHAT_SOCKETS, BENCH_CHAT_RATES or the open-files limit left it out), so the goal is not judged.`;
  // What one message costs at the highest rate (fixed costs spread thinnest), at the goal's socket count or the nearest.
  const nearest = [...results].sort((a, b) => Math.abs(a.gateway.sockets - GOAL.sockets) - Math.abs(b.gateway.sockets - GOAL.sockets))[0];
  const highest = (side: Side) => [...side.runs].sort((a, b) => b.rate - a.rate)[0];
  const cost = costOf(highest(nearest.gateway));
  const top = highest(nearest.gateway);
  const bound =
    top.usage.serverCores >= 0.85
      ? `the API's one event loop was saturated (${cores(top.usage.serverCores)} cores)`
      : top.usage.machineBusy >= 0.9
        ? `the machine's cores were all busy (${busy(top.usage)}: the API ${cores(top.usage.serverCores)} cores, the load generator ${cores(top.usage.processCores)}, PostgreSQL ${cores(top.usage.postgresAllCores)}, the rest other work)`
        : `CPU was not exhausted (the API ${cores(top.usage.serverCores)} cores, machine ${busy(top.usage)} busy), so the time went to waiting: the pool's 10 connections, commits`;
  const lowest = Math.min(...RATES);
  const bySockets = results.map((r) => ({
    sockets: r.gateway.sockets,
    gateway: r.gateway.runs.find((run) => run.rate === lowest)!,
    echo: r.echo.runs.find((run) => run.rate === lowest)!,
  }));
  const limits =
    `At ${top.rate}/s offered and ${count(nearest.gateway.sockets)} sockets ${bound}. One message costs ${ms(cost.server)} of the API's CPU, ${ms(cost.postgres)} of ` +
    `PostgreSQL's and ${ms(cost.client)} of the load generator's, against ${ms(costOf(highest(nearest.echo)).server)} for an echo (both ends), so the API's one event loop carries at most about ${perSecond(1000 / cost.server)} and the ` +
    `${cpus.length} cores, with nothing else running, about ${perSecond((cpus.length * 1000) / (cost.server + cost.postgres + cost.client))} (load generator included). ` +
    `With sockets, at ${lowest}/s: gateway p50 / p99 ${bySockets.map((b) => `${ms(b.gateway.p50)} / ${ms(b.gateway.p99)}`).join(' → ')}, echo ` +
    `${bySockets.map((b) => `${ms(b.echo.p50)} / ${ms(b.echo.p99)}`).join(' → ')} (${bySockets.map((b) => count(b.sockets)).join(' → ')} sockets).` +
    (top.stages && top.stages.handled.p50 - top.stages.relayed.p50 > 1_000
      ? ` Overloaded, the lag builds in the notifications handler's in-process queue, which nothing bounds: p50 from the send, the relay took ` +
        `an event after ${ms(top.stages.relayed.p50)} and the handler was done with it after ${ms(top.stages.handled.p50)}, while the senders' ` +
        `${MAX_IN_FLIGHT} requests in flight kept the POST answers at ${ms(top.stages.answered.p50)}.`
      : '');
  const limitNote =
    skipped.length > 0
      ? `\nNot run: ${skipped.map(count).join(', ')} sockets. Each socket takes two descriptors here (both ends are in this process) and the open-files limit is ${limit}, so at most ${count(largestFit ?? 0)} fit; raise it (\`ulimit -n\`) before \`npm run bench\`.\n`
      : '';
  return `## Chat delivery (\`bench/chat.bench.ts\`)

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, PostgreSQL ${version},
open-files limit ${limit ?? 'unknown'}, gateway heartbeat every ${heartbeatSeconds} s, load average ${loadBefore.toFixed(1)} before and ${os.loadavg()[0].toFixed(1)} after.
The real app in a process of its own (\`server/main.ts\` with the in-process \`notifications\` handler, no NATS; as in production
a pool of 10 connections for requests and one of 3 for the outbox relay and the handlers) listening on 127.0.0.1; the load generator (the senders' HTTP clients and the members' sockets) in the bench's process; one member per socket, connected through the gateway with \`Authorization: Token\`; their matches
(chat unlocked, one sender per recipient) send \`POST /api/v1/match/chat/:id/\` on a fixed schedule, round-robin over the
pairs (${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured; keep-alive HTTP, at most ${MAX_IN_FLIGHT} requests in flight; a message that cannot
start within ${GRACE_MS / 1000} s of its time is not sent; each socket count starts from a vacuumed database). A message is timed from just before its POST to its \`chat.message\` push on the
recipient's socket, matched by message id: the transaction, the outbox relay woken by NOTIFY, the in-process bus, the
handler's check that the message still exists, the push bus and the socket write. Stage times come from the rows the
pipeline writes (same machine clock).
Floor, measured in the same run: a plain \`ws\` WebSocketServer in the bench's process echoing a push-sized JSON message over the
same number of sockets at the same rate (send -> echo round trip; both ends in one process). The API, the load generator and
PostgreSQL share the machine's cores.
The send limit (${SEND_LIMIT.max} messages per member per ${SEND_LIMIT.windowSeconds} s, \`SEND_LIMIT\` in chat.rules.ts, no config knob) ${binds.length === 0 ? 'never binds' : `binds at ${binds.map(count).join(', ')} sockets`}: each sender
sends rate / N messages per second (${(Math.max(...RATES) / Math.min(...counts)).toFixed(1)}/s at most).
${limitNote}
${results.map(({ gateway, echo }) => table(gateway, echo)).join('\n\n')}

${verdict}
${limits}
`;
}
