/**
 * How long the DEMO_MEMBERS seed takes at start-up: `npx tsx bench/demo-seed.ts` (with
 * DATABASE_URL naming a PostgreSQL server) seeds DEMO_SEED_COUNT members (200, the development
 * default) DEMO_SEED_RUNS times (3), each time into a scratch database and a scratch local media
 * folder, exactly as server/runtime.ts does on a first start, and prints each run's time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { loadConfig } from '../server/kernel/config.ts';
import { connectDatabase } from '../server/kernel/db/client.ts';
import { runMigrations, withDatabaseName } from '../server/kernel/db/migrate.ts';
import { createMediaStore } from '../server/kernel/media/index.ts';
import { seedDemoMembers } from '../server/seed/population-seed.ts';

const adminUrl = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.DEMO_SEED_COUNT ?? 200);
const runs = Number(process.env.DEMO_SEED_RUNS ?? 3);

const times: number[] = [];
/** CPU time of this process (all its threads, sharp's included): what the seed costs, whatever else the machine runs. */
const cpuTimes: number[] = [];
for (let run = 1; run <= runs; run += 1) {
  const name = `betroth_seed_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'betroth-seed-bench-'));
  const databaseUrl = withDatabaseName(adminUrl, name);
  const database = connectDatabase(databaseUrl);
  try {
    await runMigrations(databaseUrl);
    const media = createMediaStore({ mediaStore: 'local', mediaDir, s3: null });
    const started = performance.now();
    const cpu = process.cpuUsage();
    await seedDemoMembers(database.db, count, (line) => console.log(`[run ${run}] ${line}`), media);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  } finally {
    await database.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(mediaDir, { recursive: true, force: true });
  }
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `${count} demo members, ${runs} runs: ${sorted.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (median ${(sorted[Math.floor(runs / 2)] / 1000).toFixed(2)} s); CPU time of the seed's process: ${cpuTimes.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}`,
);
