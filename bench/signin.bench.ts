/**
 * Sign-in under a steady arrival rate: `POST /api/v1/signin/` offered at a fixed rate (50/s by
 * default) by members signing in with their usernames and the right passwords, with the
 * production argon2id parameters (server/modules/auth/passwords.ts), beside the floor measured in
 * the same run: one bare argon2id verify of the same hash, one at a time, and the same verify
 * offered at the same rate (what the hash alone costs when arrivals overlap on two cores).
 *
 * A sign-in is more than its verify: the per-IP and per-account limit buckets (counted, then
 * refunded on success), the account lookup, the session row and the token. The section says how
 * much more, as a ratio.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/kernel/db/client.ts';
import { hashPassword, verifyPassword } from '../server/modules/auth/index.ts';
import { signUp, type TestMember } from '../server/test/factories.ts';
import { buildBenchApp } from './lib/app.ts';
import { openLoop, type OpenLoopResult, watchUsage } from './lib/load.ts';
import { measure, ms, ratio, summarize } from './lib/stats.ts';

export interface SignInBenchContext {
  db: Db;
  databaseUrl: string;
  log: (line: string) => void;
}

const RATE = Number(process.env.BENCH_SIGNIN_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SIGNIN_SECONDS ?? 10);
const MEMBERS = 50;
const BARE_ITERATIONS = 100;
const PASSWORD = 'Correct-Horse-9';

interface OfferedRun {
  durations: number[];
  loop: OpenLoopResult;
  failures: number;
}

/** `total` operations offered at `rate`, at most 64 in flight, each timed from its start. */
async function offered(total: number, fire: (i: number) => Promise<boolean>): Promise<OfferedRun> {
  const durations: number[] = [];
  let failures = 0;
  const loop = await openLoop({
    rate: RATE,
    total,
    maxInFlight: 64,
    graceMs: 1000,
    fire: async (i) => {
      const began = performance.now();
      const ok = await fire(i);
      durations.push(performance.now() - began);
      if (!ok) failures++;
    },
  });
  return { durations, loop, failures };
}

export async function runSignInBench({ db, databaseUrl, log }: SignInBenchContext): Promise<string> {
  if (!(RATE > 0) || !(SECONDS > 0)) throw new Error('BENCH_SIGNIN_RATE and BENCH_SIGNIN_SECONDS must be positive numbers');
  const app = await buildBenchApp(db, databaseUrl);
  try {
    log(`sign-in: ${MEMBERS} members signing up`);
    const members: TestMember[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signUp(app, { password: PASSWORD }));
    const total = Math.round(RATE * SECONDS);

    const hash = await hashPassword(PASSWORD);
    const bare = summarize(await measure(() => verifyPassword(hash, PASSWORD), BARE_ITERATIONS));
    log(`  one bare verify at a time: p50 ${ms(bare.p50)} p99 ${ms(bare.p99)}`);

    const bareWatch = watchUsage();
    const bareOffered = await offered(total, () => verifyPassword(hash, PASSWORD));
    const bareUsage = bareWatch.stop();
    const bareRate = summarize(bareOffered.durations);
    log(`  bare verify at ${RATE}/s: p50 ${ms(bareRate.p50)} p99 ${ms(bareRate.p99)}`);

    // Warm-up: the first requests compile the route's schemas and fill the statement caches.
    for (let i = 0; i < 10; i++) await signIn(app, members[i % MEMBERS].username);
    const watch = watchUsage();
    const signIns = await offered(total, (i) => signIn(app, members[i % MEMBERS].username));
    const usage = watch.stop();
    const signInRate = summarize(signIns.durations);
    log(`  sign-in at ${RATE}/s: p50 ${ms(signInRate.p50)} p99 ${ms(signInRate.p99)} (${signIns.failures} failed)`);

    const achieved = (run: OfferedRun) => `${(run.loop.started / (run.loop.elapsedMs / 1000)).toFixed(1)}/s`;
    const cores = (cpus: number) => (Number.isFinite(cpus) ? cpus.toFixed(2) : 'n/a');
    const [load1] = os.loadavg();
    return `## Sign-in (\`bench/signin.bench.ts\`)

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${load1.toFixed(1)} at the end.
${total} \`POST /api/v1/signin/\` through \`app.inject\` offered at ${RATE}/s (a fixed schedule, at most 64 in flight) by ${MEMBERS}
members with their usernames and right passwords; argon2id with the production parameters (m=19456 KiB, t=2, p=1, on
libuv's thread pool of ${process.env.UV_THREADPOOL_SIZE ?? 4}). Floor in the same run: the bare verify of the same password
against the same kind of hash, one at a time and offered at the same rate.

| | offered / started / failed | achieved | p50 | p99 | p99 / one bare verify | CPU: this process / machine busy |
|---|---|---|---|---|---|---|
| one bare argon2id verify, one at a time | ${BARE_ITERATIONS} / ${BARE_ITERATIONS} / 0 | — | ${ms(bare.p50)} | ${ms(bare.p99)} | 1.0x | — |
| bare verify at ${RATE}/s | ${total} / ${bareOffered.loop.started} / ${bareOffered.failures} | ${achieved(bareOffered)} | ${ms(bareRate.p50)} | ${ms(bareRate.p99)} | ${ratio(bareRate.p99, bare.p99)} | ${cores(bareUsage.processCores)} / ${(bareUsage.machineBusy * 100).toFixed(0)}% |
| **sign-in at ${RATE}/s** | ${total} / ${signIns.loop.started} / ${signIns.failures} | ${achieved(signIns)} | ${ms(signInRate.p50)} | **${ms(signInRate.p99)}** | ${ratio(signInRate.p99, bare.p99)} | ${cores(usage.processCores)} / ${(usage.machineBusy * 100).toFixed(0)}% |

What a sign-in adds to its verify at this rate: p50 ${ratio(signInRate.p50, bareRate.p50)}, p99 ${ratio(signInRate.p99, bareRate.p99)} of the bare verify at the same rate
(the limit buckets counted and refunded, the account lookup, the session row, the token).
`;
  } finally {
    await app.close();
  }
}

async function signIn(app: FastifyInstance, username: string): Promise<boolean> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username, password: PASSWORD } });
  return response.statusCode === 200;
}
