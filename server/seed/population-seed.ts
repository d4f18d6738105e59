/**
 * Writes a generated population (population.ts) into the database with multi-row INSERTs:
 * users first (ids returned), then their profiles. Used by the benchmark and the DEMO_MEMBERS seed.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/client.ts';
import { profiles, users } from '../kernel/db/schema/index.ts';
import { PROFILE_KEY_BY_NAME } from '../kernel/db/schema/profile-columns.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { generateProfile, loadPlaces, randomSource } from './population.ts';


export interface SeedOptions {
  count: number;
  seed?: number;
  /** Usernames are `<prefix><n>`; emails `<prefix><n>@example.invalid`. */
  usernamePrefix?: string;
  batchSize?: number;
  /** Sign-ups spread over this many days before today. */
  spreadDays?: number;
  onProgress?: (done: number) => void;
}

/** Inserts `count` complete members; returns their profile ids. Nobody can sign in as them. */
export async function seedPopulation(db: Db, options: SeedOptions): Promise<number[]> {
  const { count, seed = 1, usernamePrefix = 'member_', batchSize = 500, spreadDays = 730 } = options;
  const random = randomSource(seed);
  const places = await loadPlaces();
  const today = new Date();
  // A real argon2id hash of a random secret nobody knows, so sign-in attempts fail normally.
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const profileIds: number[] = [];
  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start);
    const createdAt = Array.from({ length: size }, () => new Date(today.getTime() - random() * spreadDays * 86_400_000));
    const insertedUsers = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          username: `${usernamePrefix}${start + i + 1}`,
          email: `${usernamePrefix}${start + i + 1}@example.invalid`,
          passwordHash,
          createdAt: createdAt[i],
        })),
      )
      .returning({ id: users.id });
    const rows = insertedUsers.map(({ id }, i) => {
      const row: Record<string, unknown> = { userId: id, createdAt: createdAt[i], updatedAt: createdAt[i] };
      for (const [column, value] of Object.entries(generateProfile(random, places, today))) {
        const key = PROFILE_KEY_BY_NAME.get(column);
        if (!key) throw new Error(`generated an unknown profile column ${column}`);
        row[key] = value;
      }
      return row as typeof profiles.$inferInsert;
    });
    const inserted = await db.insert(profiles).values(rows).returning({ id: profiles.id });
    profileIds.push(...inserted.map((r) => r.id));
    options.onProgress?.(start + size);
  }
  return profileIds;
}

/** True when the database has no member at all (the demo seed only fills an empty database). */
export async function hasNoMembers(db: Db): Promise<boolean> {
  const [row] = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from users) as empty`);
  return Boolean(row.empty);
}

/**
 * DEMO_MEMBERS: fills an empty database (no user at all) with complete demo members so a fresh
 * `npm start` has someone to discover. Never touches a database that has members.
 */
export async function seedDemoMembers(db: Db, count: number, log: (message: string) => void): Promise<void> {
  if (count <= 0 || !(await hasNoMembers(db))) return;
  const started = Date.now();
  await seedPopulation(db, { count, seed: 2026, usernamePrefix: 'demo_', spreadDays: 365 });
  log(`added ${count} demo members in ${Date.now() - started} ms (DEMO_MEMBERS; they cannot sign in)`);
}
