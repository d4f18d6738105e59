/**
 * Plain data access for profiles; each takes `db` so a transaction passes straight through.
 * Profile rows are read keyed by their column names (snake_case), which are also the field
 * names of the catalogue and of the API, so no field is renamed by hand.
 */
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { facePrints, likes, profiles, uploads, users } from '../../kernel/db/schema/index.ts';
import {
  INTERNAL_PROFILE_COLUMNS,
  PROFILE_COLUMN_NAMES,
  PROFILE_KEY_BY_NAME,
  profileColumnsNamed,
} from '../../kernel/db/schema/profile-columns.ts';

/** A profile row with the account's username and email, keyed by API field name. */
export type ProfileRecord = Record<string, unknown> & {
  id: number;
  user_id: number;
  username: string;
  email: string;
  date_of_birth: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  home_country: string | null;
  home_state: string | null;
  home_city: string | null;
  phone: string | null;
  chats: number;
  verified: boolean;
};

const recordColumns = {
  ...profileColumnsNamed(PROFILE_COLUMN_NAMES),
  username: users.username,
  email: users.email,
};

async function findProfile(db: Db, where: SQL): Promise<ProfileRecord | undefined> {
  const [row] = await db.select(recordColumns).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(where);
  return row as ProfileRecord | undefined;
}

export function findProfileByUserId(db: Db, userId: number): Promise<ProfileRecord | undefined> {
  return findProfile(db, eq(profiles.userId, userId));
}

export function findProfileById(db: Db, profileId: number): Promise<ProfileRecord | undefined> {
  return findProfile(db, eq(profiles.id, profileId));
}

/** The member's approved photo 1 upload (the one in the slot) and what its face scan led to. */
export interface PhotoOneRow {
  uploadId: string;
  boundToScan: boolean;
  /** The member's face print's review state, if they have one. */
  review: 'clear' | 'needs_review' | 'declined' | null;
}

export async function findPhotoOne(db: Db, userId: number): Promise<PhotoOneRow | undefined> {
  const [row] = await db
    .select({ uploadId: uploads.id, faceScanId: uploads.faceScanId, review: facePrints.reviewState })
    .from(uploads)
    .leftJoin(facePrints, eq(facePrints.userId, uploads.userId))
    .where(and(eq(uploads.userId, userId), eq(uploads.purpose, 'profile'), eq(uploads.slot, 1), eq(uploads.state, 'approved')))
    // Deleting photo 1 deletes its approved rows, so there is one; the newest wins if not.
    .orderBy(desc(uploads.updatedAt))
    .limit(1);
  return row && { uploadId: row.uploadId, boundToScan: row.faceScanId !== null, review: row.review };
}

/** True when `fromProfileId` liked (not passed) `toProfileId`. */
export async function isLikedBy(db: Db, fromProfileId: number, toProfileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: likes.id })
    .from(likes)
    .where(and(eq(likes.fromProfileId, fromProfileId), eq(likes.toProfileId, toProfileId), eq(likes.liked, true)))
    .limit(1);
  return row !== undefined;
}

/** Serialises changes to one phone number until the transaction ends (the 5-accounts limit). */
export async function lockPhone(db: Db, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone:${phone}`}, 0))`);
}

export async function countOtherProfilesWithPhone(db: Db, phone: string, exceptUserId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.phone, phone), ne(profiles.userId, exceptUserId)));
  return row.count;
}

export async function isUsernameTakenByOther(db: Db, username: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export async function updateUsername(db: Db, userId: number, username: string): Promise<void> {
  await db.update(users).set({ username }).where(eq(users.id, userId));
}

/** Never written through a profile save: identity, ownership and the credit balance. */
const NOT_WRITABLE = new Set(['id', 'user_id', 'chats', ...INTERNAL_PROFILE_COLUMNS]);

/**
 * Writes the given columns (API field names) of one member's profile, and the completeness flag
 * discovery filters on, in one UPDATE.
 */
export async function updateProfileFields(db: Db, userId: number, values: Record<string, unknown>, isComplete: boolean): Promise<void> {
  const set: Record<string, unknown> = { updatedAt: new Date(), isComplete };
  for (const [name, value] of Object.entries(values)) {
    const key = PROFILE_KEY_BY_NAME.get(name);
    if (!key || NOT_WRITABLE.has(name)) throw new Error(`not a writable profile column: ${name}`);
    set[key] = value;
  }
  await db.update(profiles).set(set).where(eq(profiles.userId, userId));
}

/** The member's profile row, locked FOR UPDATE: pair actions on it wait, then find it gone. */
export async function lockProfileForDeletion(db: Db, userId: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).for('update');
  return row;
}

/** Deletes the account; foreign keys cascade to sessions, profile, likes, blocks and the rest. */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
