/**
 * Page speed: Lighthouse (mobile, simulated throttling, the CPU slowdown calibrated to a mid-tier
 * phone around each run; see e2e/page-speed/lighthouse.ts) on /signin and on every screen a
 * signed-in member reaches (/home, /likes, /matches, /credits, /profile, /profile/edit, another
 * member's profile, a chat; e2e/page-speed/member-screens.ts), several cold runs each, against
 * the goal of 95. A timing on a shared machine, so it is a benchmark:
 * e2e/page-speed.test.ts asserts what is counted (first-load JS, accessibility).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/page-speed.ts
 *
 * PAGE_SPEED_RUNS (default 3) runs per page; PAGE_SPEED_ONLY=/likes,/profile/edit audits only those. Prints a markdown section for docs/benchmarks.md.
 */
import os from 'node:os';
import { listenTestApp } from '../server/test/app.ts';
import { MIN_PERFORMANCE } from '../e2e/page-speed/budget.ts';
import { type AuditResult, auditWithRetries, describeAudit, launchAuditChromium } from '../e2e/page-speed/lighthouse.ts';
import { memberScreens, warmScreens } from '../e2e/page-speed/member-screens.ts';
import { warmHomeReads, writeHomePhotos } from '../e2e/page-speed/seed-home.ts';
import { seedMemberScreens } from '../e2e/page-speed/seed-screens.ts';
import { percentile } from './lib/stats.ts';

const RUNS = Number(process.env.PAGE_SPEED_RUNS) || 3;
const ONLY = process.env.PAGE_SPEED_ONLY?.split(',').filter(Boolean);

const cleanups: Array<() => unknown> = [];
const context = { teardown: (fn: () => unknown) => void cleanups.push(fn) };

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const photos = await writeHomePhotos(context);
  const { app, db, baseUrl } = await listenTestApp(context);
  const seed = await seedMemberScreens(app, db, photos);
  const { member } = seed;
  await warmHomeReads(baseUrl, member.token);
  const port = await launchAuditChromium(context);
  const screens = memberScreens(seed);
  await warmScreens(port, baseUrl, member.token, screens);
  const pages: Array<{ path: string; name: string; token?: string }> = [
    { path: '/signin', name: '/signin' },
    { path: '/home', name: '/home', token: member.token },
    ...screens.map(({ path, name }) => ({ path, name, token: member.token })),
  ].filter(({ name }) => !ONLY || ONLY.includes(name));
  const rows: string[] = [];
  for (const { path, name, token } of pages) {
    const runs: AuditResult[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await auditWithRetries(port, baseUrl, path, token, (message) => console.error(`[page-speed] ${message}`));
      runs.push(result);
      const failed = result.failedAccessibility.length > 0 ? ` (failed: ${result.failedAccessibility.join(', ')})` : '';
      console.error(`[page-speed] ${name} run ${run}: ${describeAudit(result)}${failed}`);
    }
    const scores = runs.map((r) => r.performance).sort((a, b) => a - b);
    const median = (pick: (r: AuditResult) => number) =>
      percentile(
        [...runs.map(pick)].sort((a, b) => a - b),
        50,
      );
    const reached = scores.filter((score) => score >= MIN_PERFORMANCE).length;
    rows.push(
      `| ${name} | ${scores.join(', ')} | ${percentile(scores, 50)} | ${reached} of ${runs.length} | ${Math.round(median((r) => r.fcp))} ms | ` +
        `${Math.round(median((r) => r.lcp))} ms | ${Math.round(median((r) => r.tbt))} ms | ${runs.map((r) => r.accessibility).join(', ')} | ${[...new Set(runs.flatMap((r) => r.failedAccessibility))].join(', ') || 'none'} |`,
    );
  }
  console.log(`## Page speed (\`bench/page-speed.ts\`)

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadBefore.toFixed(1)} before and ${os.loadavg()[0].toFixed(1)} after;
${RUNS} cold Lighthouse runs per page (mobile, simulated throttling, CPU slowdown calibrated to a mid-tier phone around each run).
Goal: performance at least ${MIN_PERFORMANCE}.

| page | performance, every run | median | runs at ${MIN_PERFORMANCE} or more | FCP (median) | LCP (median) | TBT (median) | accessibility | failed accessibility audits |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
