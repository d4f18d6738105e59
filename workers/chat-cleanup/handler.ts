/**
 * chat-cleanup: when a match ends (`matches.removed`: unlike, unmatch, block, account deletion)
 * its messages go by cascade, and this removes the chat photos sent into it: first their files
 * from the media store, then their upload rows. In that order, so a failure to delete files
 * (retried with backoff) leaves rows that still say whose photo it was, and the media route keeps
 * refusing it (the match is gone). Idempotent: a repeat finds nothing left to remove.
 */
import type { Db } from '../../server/kernel/db/client.ts';
import type { MediaStore } from '../../server/kernel/media/index.ts';
import { chatPhotosOf, deleteUploads } from '../../server/modules/uploads/index.ts';
import { defineHandler, type EventHandler } from '../runtime/handler.ts';

export interface ChatCleanupDeps {
  db: Db;
  media: MediaStore;
}

export function chatCleanupHandler(deps: ChatCleanupDeps): EventHandler<'matches.removed'> {
  return defineHandler({
    name: 'chat-cleanup',
    subjects: ['matches.removed'],
    concurrency: 4,
    async handle(event, { log }) {
      const { matchId } = event.payload;
      const photos = await chatPhotosOf(deps.db, matchId);
      if (photos.length === 0) return;
      // Throws on a store failure: the event is retried, nothing is lost.
      await deps.media.delete(photos.flatMap((photo) => photo.keys));
      await deleteUploads(
        deps.db,
        photos.map((photo) => photo.id),
      );
      log.info({ matchId, photos: photos.length }, 'chat photos of an ended match removed');
    },
  });
}
