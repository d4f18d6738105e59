/**
 * Start-up of the production entries as production runs them, Node 24 stripping the types itself,
 * against the same entries under tsx (`node --import tsx`, how production ran before), measured
 * in the same run and alternating, so a busy machine slows both alike. Per start: the time from
 * spawning the process to the first 200 from its /readyz, and its resident memory (VmRSS) at
 * that moment. The API (server/main.ts) always; the workers process (workers/main.ts) too when
 * NATS_URL is set, since it needs NATS.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx node bench/startup.bench.ts
 *
 * (`npx node` picks the pinned Node 24; the machine's own node may be older.) STARTUP_RUNS
 * (default 5) starts per entry and variant, after one unmeasured start of each that applies the
 * migrations and fills tsx's cache. Prints a markdown section for docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { withDatabaseName } from '../server/kernel/db/migrate.ts';
import { freePort } from '../server/test/server-process.ts';

const RUNS = Number(process.env.STARTUP_RUNS) || 5;
const READY_TIMEOUT_MS = 180_000;
const POLL_MS = 25;
const root = path.resolve(import.meta.dirname, '..');

type Variant = 'node' | 'tsx';
interface Entry {
  name: string;
  file: string;
  portVariable: 'PORT' | 'WORKERS_PORT';
}
interface Start {
  readyMs: number;
  rssMb: number;
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? null;
if (!existsSync(path.join(root, 'client/dist/index.html'))) {
  console.error('client/dist is missing: run `npm run build` first (production serves it)');
  process.exit(1);
}

const entries: Entry[] = [{ name: 'API (server/main.ts)', file: 'server/main.ts', portVariable: 'PORT' }];
if (natsUrl) entries.push({ name: 'workers (workers/main.ts)', file: 'workers/main.ts', portVariable: 'WORKERS_PORT' });

const databaseName = `betroth_startup_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${databaseName}"`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'betroth-startup-'));

const baseEnv: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: withDatabaseName(adminUrl, databaseName),
  JWT_SECRET: randomBytes(32).toString('hex'),
  IDENTITY_HASH_SECRET: randomBytes(32).toString('hex'),
  // Production refuses the local Stripe emulator; nothing here reaches Stripe.
  STRIPE_SECRET_KEY: 'sk_test_startupbench',
  STRIPE_WEBHOOK_SECRET: 'whsec_startupbench',
  DEMO_MEMBERS: '0',
  ...(natsUrl ? { NATS_URL: natsUrl } : {}),
};

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '')) / 1024;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function startOnce(entry: Entry, variant: Variant): Promise<Start> {
  const port = await freePort();
  const args = variant === 'tsx' ? ['--import', 'tsx', entry.file] : [entry.file];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...baseEnv, [entry.portVariable]: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${entry.file} (${variant}) exited before it was ready:\n${errors}`);
      if (performance.now() - started > READY_TIMEOUT_MS) throw new Error(`${entry.file} (${variant}) was not ready in time:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return { readyMs: performance.now() - started, rssMb: residentMb(child.pid as number) };
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const range = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)} to ${Math.max(...values).toFixed(digits)}`;

const rows: string[] = [];
try {
  for (const entry of entries) {
    // Unmeasured: the first start applies the migrations and fills tsx's transform cache.
    await startOnce(entry, 'node');
    await startOnce(entry, 'tsx');
    const results: Record<Variant, Start[]> = { node: [], tsx: [] };
    for (let run = 0; run < RUNS; run += 1) {
      // Alternating order, so neither variant always follows the other.
      const order: Variant[] = run % 2 === 0 ? ['node', 'tsx'] : ['tsx', 'node'];
      for (const variant of order) {
        const result = await startOnce(entry, variant);
        results[variant].push(result);
        console.error(
          `[startup] ${entry.file} ${variant} run ${run + 1}: ready ${result.readyMs.toFixed(0)} ms, RSS ${result.rssMb.toFixed(0)} MB`,
        );
      }
    }
    const base = { ready: median(results.tsx.map((r) => r.readyMs)), rss: median(results.tsx.map((r) => r.rssMb)) };
    for (const variant of ['node', 'tsx'] as const) {
      const ready = results[variant].map((r) => r.readyMs);
      const rss = results[variant].map((r) => r.rssMb);
      const label = variant === 'node' ? '`node entry.ts` (type stripping)' : '`node --import tsx entry.ts`';
      rows.push(
        `| ${entry.name} | ${label} | ${median(ready).toFixed(0)} ms (${range(ready, 0)}) | ${(median(ready) / base.ready).toFixed(2)}x ` +
          `| ${median(rss).toFixed(0)} MB (${range(rss, 0)}) | ${(median(rss) / base.rss).toFixed(2)}x |`,
      );
    }
  }
} finally {
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

const [load1, load5] = os.loadavg();
console.log(`## Start-up without tsx (\`bench/startup.bench.ts\`)

Node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, load average ${load1.toFixed(1)} / ${load5.toFixed(1)} (1 / 5 min) at the end of the run.
${RUNS} starts per row, alternating with the other variant; median (min to max), ratio against the tsx row of the same entry.
Ready: spawn to the first 200 from /readyz. RSS: the process's resident memory at that moment.

| entry | how it runs | ready | vs tsx | RSS at ready | vs tsx |
|---|---|---|---|---|---|
${rows.join('\n')}
`);
