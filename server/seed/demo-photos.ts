/**
 * Stores each demo member's pictures (pictures.ts, picture-render.ts) exactly where and how an
 * approved photo of a real member is stored: one `uploads` row per picture (purpose 'profile', its
 * slot, state 'approved'), the thumbnail and preview JPEGs in the media store under the upload's
 * own folder in the member's prefix (so deleting the photo or the account deletes them), and the
 * profile's photo column pointing at the preview, as moderation's approval leaves them. So demo
 * photos are served, signed, replaced and deleted by the code that does it for everyone.
 *
 * One departure: the row's three sizes (thumbnail, preview, full) name one stored JPEG, the
 * 640x800 picture profiles and cards show. Moderation never enlarges, so for a picture this size
 * the full size would be the same pixels again, and a thumbnail is only ever answered to the
 * member who uploaded the photo, which no one can be for a demo member (they cannot sign in);
 * drawing and storing one picture instead of three keeps a first start quick. Like every
 * moderated upload, no original is kept.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../kernel/db/client.ts';
import { uploads } from '../kernel/db/schema/index.ts';
import { derivativeKeyOf, type MediaStore, originalKeyOf, photoRefOf } from '../kernel/media/index.ts';
import { memberLook } from './member-look.ts';
import { renderPicture } from './picture-render.ts';
import { type Shot, shotsFor } from './pictures.ts';

/** Pictures rendered at once: sharp works on libuv's pool (four threads), so more in flight only queue buffers. */
export const PICTURE_CONCURRENCY = 4;

export interface PhotoSubject {
  userId: number;
  /** The username: the member's pictures are drawn from it. */
  seed: string;
  /** The generated profile; its photo columns are set here. */
  profile: Record<string, unknown>;
  createdAt: Date;
}

interface Job {
  member: PhotoSubject;
  look: ReturnType<typeof memberLook>;
  shot: Shot;
  slot: number;
  uploadId: string;
}

/**
 * Renders and stores every member's pictures, a few at a time, writes their upload rows and points
 * each profile's photo1_url..photoN_url at them. Call before the profiles are inserted.
 */
export async function storeDemoPhotos(
  db: Db,
  media: MediaStore,
  members: readonly PhotoSubject[],
  today: Date,
  concurrency = PICTURE_CONCURRENCY,
): Promise<void> {
  const jobs: Job[] = members.flatMap((member) => {
    const look = memberLook(member, today);
    return shotsFor(look).map((shot, i) => ({ member, look, shot, slot: i + 1, uploadId: randomUUID() }));
  });
  const rows: Array<typeof uploads.$inferInsert> = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { member, look, shot, slot, uploadId } = jobs[next++];
      const picture = await renderPicture(look, shot);
      const previewKey = derivativeKeyOf(member.userId, uploadId, 'preview');
      await media.put(previewKey, picture, 'image/jpeg');
      member.profile[`photo${slot}_url`] = photoRefOf(previewKey);
      rows.push({
        id: uploadId,
        userId: member.userId,
        purpose: 'profile',
        slot,
        contentType: 'image/jpeg',
        contentLength: picture.length,
        state: 'approved',
        originalKey: originalKeyOf(member.userId, uploadId),
        thumbnailKey: previewKey,
        previewKey,
        fullKey: previewKey,
        createdAt: member.createdAt,
        updatedAt: member.createdAt,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  if (rows.length > 0) await db.insert(uploads).values(rows);
}
