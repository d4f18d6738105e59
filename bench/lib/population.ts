/**
 * The discovery bench's population, seeded once per database and reused: a kept database
 * (BENCH_DATABASE + BENCH_KEEP_DB) remembers in `bench_population` how many members it was seeded
 * with, so the next run at the same size skips the minutes a million members take.
 */
import type postgres from 'postgres';
import { copyPopulation } from '../../server/seed/population-copy.ts';
import { copySwipeHistory } from '../../server/seed/swipes.ts';

/** Usernames of the bench's members (other sections add members of their own). */
export const POPULATION_PREFIX = 'bench_';

export interface Population {
  members: number;
  swipes: number;
  blocks: number;
  /** How long seeding took, this run or the one that seeded the database. */
  seedSeconds: number;
  reused: boolean;
}

export async function ensurePopulation(sql: postgres.Sql, members: number, log: (line: string) => void): Promise<Population> {
  await sql`create table if not exists bench_population (members integer not null, swipes integer not null, blocks integer not null, seed_seconds real not null)`;
  const [seeded] = await sql<Array<Omit<Population, 'reused'>>>`
    select members, swipes, blocks, seed_seconds as "seedSeconds" from bench_population`;
  if (seeded) {
    if (seeded.members !== members) {
      throw new Error(`this database holds ${seeded.members} bench members, not ${members}: choose another BENCH_DATABASE or drop it`);
    }
    log(`reusing the ${members} members already seeded in this database (seeded in ${seeded.seedSeconds.toFixed(0)} s)`);
    await sql`vacuum analyze`;
    return { ...seeded, reused: true };
  }
  log(`seeding ${members} members...`);
  const started = Date.now();
  const step = Math.max(50_000, Math.round(members / 10));
  const firstProfile = await copyPopulation(sql, {
    count: members,
    seed: 42,
    usernamePrefix: POPULATION_PREFIX,
    onProgress: (done) => done % step === 0 && log(`  ${done} members (${((Date.now() - started) / 1000).toFixed(0)} s)`),
    log,
  });
  const rows = await sql<Array<{ id: string; user_id: string; gender: string }>>`
    select id::text, user_id::text, gender from profiles where id between ${firstProfile} and ${firstProfile + members - 1} order by id`;
  const ids = (gender: string) => rows.filter((r) => r.gender === gender).map((r) => Number(r.id));
  const history = await copySwipeHistory(sql, { men: ids('Man'), women: ids('Woman'), users: rows.map((r) => Number(r.user_id)) }, 7, log);
  log(`  ${history.swipes} swipes, ${history.blocks} blocks (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await sql`vacuum analyze`;
  const seedSeconds = (Date.now() - started) / 1000;
  await sql`insert into bench_population ${sql({ members, swipes: history.swipes, blocks: history.blocks, seed_seconds: seedSeconds })}`;
  log(`seeded in ${seedSeconds.toFixed(0)} s`);
  return { members, ...history, seedSeconds, reused: false };
}
