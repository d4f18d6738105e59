/**
 * What moderation writes: the upload's verdict, and on approval the profile's photo slot and
 * completeness, each with its uploads.status_changed event in the same transaction. The
 * photo-moderation worker calls these through the module's entry, so the upload's states
 * (awaiting_upload, pending_review, approved, rejected, error) change in this module only.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { profiles, uploads } from '../../kernel/db/schema/index.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import { photoRefOf } from '../../kernel/media/index.ts';
import { passedScanDescriptor, verifyPhotoOne } from '../liveness/index.ts';
import { syncCompleteness } from '../profiles/index.ts';
import { type PhotoSlot, setProfilePhoto, type UploadRow } from './uploads.queries.ts';

export type { UploadRow };

export interface DerivativeKeys {
  thumbnailKey: string;
  previewKey: string;
  fullKey: string;
}

/**
 * Counts one more attempt at an upload still waiting for review, and returns it; undefined when
 * it was decided already (a redelivered event) or is gone with its account. Counting at the
 * start means a file that kills the process every time still runs out of attempts.
 */
export async function startAttempt(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ attempts: sql`${uploads.attempts} + 1` })
    .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'pending_review')))
    .returning();
  return row;
}

async function lockPending(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'pending_review')))
    .for('update');
  return row;
}

async function announce(db: Db, row: UploadRow, state: 'approved' | 'rejected' | 'error', rejectionReason: string | null): Promise<void> {
  await writeEvent(db, 'uploads.status_changed', {
    uploadId: row.id,
    userId: row.userId,
    state,
    rejectionReason,
    changedAt: new Date().toISOString(),
  });
}

/** Rejected or failed for good; false when the upload was no longer waiting. */
export async function closeUpload(db: Db, uploadId: string, state: 'rejected' | 'error', reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, uploadId);
    if (!row) return false;
    await tx.update(uploads).set({ state, rejectionReason: reason, updatedAt: new Date() }).where(eq(uploads.id, uploadId));
    await announce(tx, row, state, reason);
    return true;
  });
}

/**
 * Approves the upload. A profile photo takes its slot (the preview size: what cards and the
 * profile page show) and completeness is recomputed, so a first photo 1 brings the member into
 * discovery in the same commit. Photo 1 keeps its face (`faceDescriptor`) and the verified badge
 * is decided against the scan bound to it, read here under the row lock, so a scan bound while
 * the photo was being reviewed is not missed. Returns the media keys the slot's earlier photo held
 * (to delete once this commits), or null when the upload was no longer waiting.
 */
export async function approveUpload(
  db: Db,
  uploadId: string,
  keys: DerivativeKeys,
  faceDescriptor: ArrayLike<number> | null,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, uploadId);
    if (!row) return null;
    const face = faceDescriptor ? Array.from(faceDescriptor) : null;
    await tx
      .update(uploads)
      .set({ state: 'approved', rejectionReason: null, ...keys, faceDescriptor: face, updatedAt: new Date() })
      .where(eq(uploads.id, uploadId));
    let replaced: string[] = [];
    if (row.purpose === 'profile' && row.slot !== null) {
      const slot = row.slot as PhotoSlot;
      // The profile row first, as a profile save or a photo deletion would lock it.
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, row.userId)).for('update');
      await setProfilePhoto(tx, row.userId, slot, photoRefOf(keys.previewKey));
      await syncCompleteness(tx, row.userId);
      if (slot === 1) await verifyPhotoOne(tx, row.userId, face, row.faceScanId);
      replaced = await removeEarlierSlotPhotos(tx, row);
    }
    await announce(tx, row, 'approved', null);
    return replaced;
  });
}

/** The face of the passed, real scan bound to an upload, for the photo-1 face check. */
export async function scanDescriptorOf(db: Db, upload: UploadRow): Promise<Float32Array | null> {
  const descriptor = upload.faceScanId ? await passedScanDescriptor(db, upload.userId, upload.faceScanId) : null;
  return descriptor ? Float32Array.from(descriptor) : null;
}

/** The slot's previously approved uploads leave with their rows; their files go after commit. */
async function removeEarlierSlotPhotos(db: Db, row: UploadRow): Promise<string[]> {
  const removed = await db
    .delete(uploads)
    .where(
      and(
        eq(uploads.userId, row.userId),
        eq(uploads.purpose, 'profile'),
        eq(uploads.slot, row.slot as number),
        eq(uploads.state, 'approved'),
        ne(uploads.id, row.id),
      ),
    )
    .returning({ original: uploads.originalKey, thumbnail: uploads.thumbnailKey, preview: uploads.previewKey, full: uploads.fullKey });
  return removed.flatMap((r) => [r.original, r.thumbnail, r.preview, r.full]).filter((key): key is string => Boolean(key));
}
