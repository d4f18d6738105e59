/**
 * The moderation handler as the workers run it: the real vision adapters (face-api, nsfwjs,
 * loaded once per process on the first photo) and, for photo 1, the face of the live scan bound
 * to the upload, which the photo must match.
 */
import type { Db } from '../../server/kernel/db/client.ts';
import type { MediaStore } from '../../server/kernel/media/index.ts';
import type { EventHandler } from '../runtime/handler.ts';
import { createContentChecks, createVision } from './content-checks.ts';
import { photoModerationHandler } from './handler.ts';
import { moderation } from '../../server/modules/uploads/index.ts';

export function photoModerationWithVision(deps: { db: Db; media: MediaStore }): EventHandler<'photos.uploaded'> {
  const vision = createVision();
  return photoModerationHandler({
    ...deps,
    checksFor: async (upload) =>
      createContentChecks(vision, {
        purpose: upload.purpose as 'profile' | 'chat',
        slot: upload.slot,
        scanDescriptor: await moderation.scanDescriptorOf(deps.db, upload),
      }),
  });
}
