/**
 * The benchmark's population at any size (a million members in a few minutes): the same members
 * seedPopulation would insert for the same seed and prefix, written with COPY (copy-rows.ts), the
 * plain indexes built after the load (deferred-indexes.ts) and foreign keys not checked row by
 * row, since every id is reserved here and points at a row this load wrote.
 */
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { hashPassword } from '../modules/auth/index.ts';
import { copyRows, reserveIds, withUncheckedLoader } from './copy-rows.ts';
import { withIndexesDeferred } from './deferred-indexes.ts';
import { drawMember } from './population-seed.ts';
import { loadPlaces, randomSource } from './population.ts';

export interface CopyPopulationOptions {
  count: number;
  seed?: number;
  /** Usernames are `<prefix><n>`, emails `<prefix><n>@example.invalid`. */
  usernamePrefix?: string;
  spreadDays?: number;
  onProgress?: (done: number) => void;
  log?: (line: string) => void;
}

/** Members generated per round: bounds the memory a million members would take at once. */
const ROUND = 50_000;

const USER_COLUMNS = ['id', 'username', 'email', 'password_hash', 'created_at'] as const;
const PROFILE_KEYS = ['id', 'user_id', 'created_at', 'updated_at'] as const;

/** Copies `count` complete members in; answers the first profile id (the ids are consecutive). */
export async function copyPopulation(sql: postgres.Sql, options: CopyPopulationOptions): Promise<number> {
  const { count, seed = 1, usernamePrefix = 'member_', spreadDays = 730 } = options;
  const random = randomSource(seed);
  const places = await loadPlaces();
  const today = new Date();
  // A real argon2id hash of a random secret nobody knows, so sign-in attempts fail normally.
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const firstUser = await reserveIds(sql, 'users', 'id', count);
  const firstProfile = await reserveIds(sql, 'profiles', 'id', count);
  await withIndexesDeferred(
    sql,
    ['users', 'profiles'],
    () =>
      withUncheckedLoader(sql, async (loader) => {
        let profileColumns: string[] | null = null;
        for (let start = 0; start < count; start += ROUND) {
          const members = Array.from({ length: Math.min(ROUND, count - start) }, () => drawMember(random, places, today, spreadDays));
          profileColumns ??= Object.keys(members[0].profile);
          const columns = profileColumns;
          await copyRows(
            loader,
            'users',
            USER_COLUMNS,
            members.map(({ createdAt }, i) => {
              const username = `${usernamePrefix}${start + i + 1}`;
              return [firstUser + start + i, username, `${username.toLowerCase()}@example.invalid`, passwordHash, createdAt];
            }),
          );
          await copyRows(
            loader,
            'profiles',
            [...PROFILE_KEYS, ...columns],
            members.map(({ createdAt, profile }, i) => {
              if (Object.keys(profile).some((key) => !columns.includes(key))) throw new Error('generated profiles differ in their columns');
              return [firstProfile + start + i, firstUser + start + i, createdAt, createdAt, ...columns.map((c) => profile[c])];
            }),
          );
          options.onProgress?.(start + members.length);
        }
      }),
    options.log,
  );
  return firstProfile;
}
