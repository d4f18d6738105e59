/**
 * Deleting one of the caller's profile photos: the slot's URL is cleared and completeness
 * recomputed in one transaction (losing photo 1 hides the member from discovery at once); the
 * slot's approved files leave the store only after that commits, so a rollback never points the
 * profile at deleted files. Deleting photo 1 also takes the verified badge.
 */
import type { ServiceDeps } from '../../kernel/deps.ts';
import { notFound } from '../../kernel/errors.ts';
import { deleteMediaQuietly, type MediaStore } from '../../kernel/media/index.ts';
import { clearVerification } from '../liveness/index.ts';
import { syncCompleteness } from '../profiles/index.ts';
import * as queries from './uploads.queries.ts';
import { UPLOAD_MESSAGES } from './uploads.rules.ts';

export type PhotoSlotDeps = Pick<ServiceDeps, 'db' | 'log'> & { media: MediaStore };

export async function deletePhoto(deps: PhotoSlotDeps, userId: number, slot: queries.PhotoSlot): Promise<string> {
  const keys = await deps.db.transaction(async (tx) => {
    const photo = await queries.lockProfilePhoto(tx, userId, slot);
    if (!photo?.url) throw notFound(UPLOAD_MESSAGES.photoNotFound);
    await queries.setProfilePhoto(tx, userId, slot, null);
    await syncCompleteness(tx, userId);
    // The badge vouches for photo 1; without it there is nothing verified to show.
    if (slot === 1) await clearVerification(tx, userId);
    return queries.deleteApprovedSlotUploads(tx, userId, slot);
  });
  await deleteMediaQuietly(deps.media, keys, deps.log, `files of deleted photo ${slot}`);
  return UPLOAD_MESSAGES.photoDeleted(slot);
}
