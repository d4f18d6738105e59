/**
 * Deleting one of the caller's profile photos: the slot's URL is cleared and completeness
 * recomputed in one transaction (losing photo 1 hides the member from discovery at once); the
 * slot's approved files leave the store only after that commits, so a rollback never points the
 * profile at deleted files.
 */
import type { ServiceDeps } from '../../kernel/deps.ts';
import { notFound } from '../../kernel/errors.ts';
import type { MediaStore } from '../../kernel/media/index.ts';
import { syncCompleteness } from '../profiles/index.ts';
import * as queries from './uploads.queries.ts';
import { UPLOAD_MESSAGES } from './uploads.rules.ts';

export type PhotoSlotDeps = Pick<ServiceDeps, 'db' | 'log'> & { media: MediaStore };

export async function deletePhoto(deps: PhotoSlotDeps, userId: number, slot: queries.PhotoSlot): Promise<string> {
  const keys = await deps.db.transaction(async (tx) => {
    const photo = await queries.lockProfilePhoto(tx, userId, slot);
    if (!photo?.url) throw notFound(UPLOAD_MESSAGES.photoNotFound);
    await queries.clearProfilePhoto(tx, userId, slot);
    await syncCompleteness(tx, userId);
    return queries.deleteApprovedSlotUploads(tx, userId, slot);
  });
  try {
    await deps.media.delete(keys);
  } catch (error) {
    // The photo is gone from the profile either way; leftover files are the operator's to sweep.
    deps.log.error({ err: error, userId, slot }, 'files of a deleted photo could not be removed');
  }
  return UPLOAD_MESSAGES.photoDeleted(slot);
}
