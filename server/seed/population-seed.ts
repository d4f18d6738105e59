/**
 * Writes a generated population (population.ts) into the database with multi-row INSERTs:
 * users first (ids returned), then their profiles. Used by the benchmark and the DEMO_MEMBERS seed.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/client.ts';
import { profiles, users } from '../kernel/db/schema/index.ts';
import { PROFILE_KEY_BY_NAME } from '../kernel/db/schema/profile-columns.ts';
import type { MediaStore } from '../kernel/media/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { storeDemoPhotos } from './demo-photos.ts';
import { verifyDemoShare } from './demo-verification.ts';
import { firstNameFor } from './first-names.ts';
import { generateProfile, loadPlaces, type Place, type Random, randomSource } from './population.ts';
import { UsernameBook } from './usernames.ts';

export interface SeedOptions {
  count: number;
  seed?: number;
  /** Usernames are `<prefix><n>`; emails `<prefix><n>@example.invalid` (unless firstNames). */
  usernamePrefix?: string;
  /** Usernames made from a common first name for the member (`Amelia_R`, `jose94`): the demo seed. */
  firstNames?: boolean;
  /** Marks the members as demo members (users.is_demo): sign-in refuses them, like-backs may answer for them. */
  demo?: boolean;
  /** Draws two to five pictures for each member into this store, stored as approved photos; absent, the placeholder photo. */
  photos?: MediaStore;
  batchSize?: number;
  /** Sign-ups spread over this many days before today. */
  spreadDays?: number;
  onProgress?: (done: number) => void;
}

/** One generated member and the day they signed up, within `spreadDays` before today. */
export function drawMember(random: Random, places: readonly Place[], today: Date, spreadDays: number) {
  const createdAt = new Date(today.getTime() - random() * spreadDays * 86_400_000);
  return { createdAt, profile: generateProfile(random, places, today) };
}

/** Inserts `count` complete members; returns their profile ids. Nobody can sign in as them. */
export async function seedPopulation(db: Db, options: SeedOptions): Promise<number[]> {
  const { count, seed = 1, usernamePrefix = 'member_', batchSize = 500, spreadDays = 730 } = options;
  const random = randomSource(seed);
  const places = await loadPlaces();
  const today = new Date();
  const usernames = new UsernameBook();
  // A real argon2id hash of a random secret nobody knows, so sign-in attempts fail normally.
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const profileIds: number[] = [];
  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start);
    const members = Array.from({ length: size }, (_, i) => {
      const { createdAt, profile } = drawMember(random, places, today, spreadDays);
      const username = options.firstNames
        ? usernames.claim(random, firstNameFor(random, profile), Number(String(profile.date_of_birth).slice(0, 4)))
        : `${usernamePrefix}${start + i + 1}`;
      return { createdAt, profile, username };
    });
    const insertedUsers = await db
      .insert(users)
      .values(
        members.map(({ username, createdAt }) => ({
          username,
          email: `${username.toLowerCase()}@example.invalid`,
          passwordHash,
          isDemo: options.demo ?? false,
          createdAt,
        })),
      )
      .returning({ id: users.id });
    if (options.photos) {
      const subjects = members.map(({ username, profile, createdAt }, i) => ({
        userId: insertedUsers[i].id,
        seed: username,
        profile,
        createdAt,
      }));
      await storeDemoPhotos(db, options.photos, subjects, today);
    }
    const rows = insertedUsers.map(({ id }, i) => {
      const { createdAt, profile } = members[i];
      const row: Record<string, unknown> = { userId: id, createdAt, updatedAt: createdAt };
      for (const [column, value] of Object.entries(profile)) {
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

/** Any fixed number: instances starting together on one empty database take turns at the check. */
const DEMO_SEED_LOCK = 2026_0101;

/**
 * DEMO_MEMBERS: fills an empty database (no user at all) with complete demo members so a fresh
 * `npm start` has someone to discover: named like people, each with two to five pictures drawn
 * into `media` (the placeholder photo without one), a share of them verified the way a real
 * member is, marked is_demo so nobody signs in as them. Never touches a database that has
 * members. One transaction: a start interrupted half-way leaves no half population behind that
 * would stop the next start from seeding.
 */
export async function seedDemoMembers(db: Db, count: number, log: (message: string) => void, media?: MediaStore): Promise<void> {
  if (count <= 0 || !(await hasNoMembers(db))) return;
  const started = Date.now();
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    if (!(await hasNoMembers(tx))) return false;
    await seedPopulation(tx, { count, seed: 2026, firstNames: true, demo: true, photos: media, spreadDays: 365 });
    const [pictures] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from uploads`);
    return { pictures: pictures.n, verified: await verifyDemoShare(tx) };
  });
  if (!seeded) return;
  const photos = media ? `with ${seeded.pictures} pictures (2-5 each), ${seeded.verified} verified,` : 'with the placeholder photo';
  log(`added ${count} demo members ${photos} in ${Date.now() - started} ms (DEMO_MEMBERS; they cannot sign in)`);
}
