/**
 * Uploads data access (and the photo columns of the owner's profile that a slot deletion
 * clears); each takes `db` so a transaction passes straight through. Every read is scoped to
 * the owner, so another member's upload id finds nothing.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { profiles, uploads } from '../../kernel/db/schema/index.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

/**
 * Deletes up to `limit` stale uploads (a chat photo never sent, or an upload whose file never
 * came) older than `olderThanHours`, skipping rows another instance holds; answers how many went
 * and the store keys of their files.
 */
export async function deleteStaleUploads(db: Db, olderThanHours: number, limit: number): Promise<{ deleted: number; keys: string[] }> {
  const rows = await db.execute<{ keys: (string | null)[] }>(sql`
    delete from uploads where id in (
      select id from uploads
      where created_at < now() - make_interval(hours => ${olderThanHours})
        and ((purpose = 'chat' and match_id is null) or state = 'awaiting_upload')
      order by created_at
      limit ${limit}
      for update skip locked)
    returning array[original_key, thumbnail_key, preview_key, full_key] as keys`);
  return { deleted: rows.length, keys: rows.flatMap((row) => row.keys).filter((key): key is string => Boolean(key)) };
}

/** Serialises one member's upload creations, so two at once cannot both pass the cap. */
export async function lockUploadCreation(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
}

export async function countAwaitingSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.state, 'awaiting_upload'), gt(uploads.createdAt, since)));
  return row.n;
}

export async function findOwnUpload(db: Db, userId: number, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)));
  return row;
}

/** The same, locked until the transaction ends: a second send of the same upload waits here. */
export async function lockOwnUpload(db: Db, userId: number, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)))
    .for('update');
  return row;
}

/** Sends an approved chat photo into one conversation (the caller holds the row lock). */
export async function bindUploadToMatch(db: Db, uploadId: string, matchId: number): Promise<void> {
  await db.update(uploads).set({ matchId, updatedAt: new Date() }).where(eq(uploads.id, uploadId));
}

export async function markPendingReview(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ state: 'pending_review', updatedAt: new Date() })
    .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'awaiting_upload')))
    .returning();
  return row;
}

/** Which profile column holds each photo slot: the one map for deletions and approvals. */
const PHOTO_COLUMN_OF_SLOT = { 1: 'photo1Url', 2: 'photo2Url', 3: 'photo3Url', 4: 'photo4Url', 5: 'photo5Url' } as const;
export type PhotoSlot = keyof typeof PHOTO_COLUMN_OF_SLOT;

/** The slot's photo URL, with the profile row locked so a concurrent save waits for us. */
export async function lockProfilePhoto(db: Db, userId: number, slot: PhotoSlot): Promise<{ url: string | null } | undefined> {
  const [row] = await db
    .select({ url: profiles[PHOTO_COLUMN_OF_SLOT[slot]] })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  return row;
}

/** Points the slot at `url` (a stored photo reference), or empties it with null. */
export async function setProfilePhoto(db: Db, userId: number, slot: PhotoSlot, url: string | null): Promise<void> {
  await db
    .update(profiles)
    .set({ [PHOTO_COLUMN_OF_SLOT[slot]]: url, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** A passed scan now vouches for this upload (photo 1). */
export async function bindUploadToScan(db: Db, uploadId: string, scanId: string): Promise<void> {
  await db.update(uploads).set({ faceScanId: scanId, updatedAt: new Date() }).where(eq(uploads.id, uploadId));
}

/** Removes the slot's approved uploads and returns every media key they held. */
export async function deleteApprovedSlotUploads(db: Db, userId: number, slot: PhotoSlot): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.purpose, 'profile'), eq(uploads.slot, slot), eq(uploads.state, 'approved')))
    .returning({
      original: uploads.originalKey,
      thumbnail: uploads.thumbnailKey,
      preview: uploads.previewKey,
      full: uploads.fullKey,
    });
  return rows.flatMap((row) => [row.original, row.thumbnail, row.preview, row.full]).filter((key): key is string => Boolean(key));
}
