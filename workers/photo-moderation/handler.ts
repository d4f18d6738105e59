/**
 * photo-moderation: reviews every received upload (`photos.uploaded`). The original is read from
 * the media store and run through the pipeline (decode by content under a pixel limit, upright,
 * metadata stripped, three sizes, content checks); the derivatives are written beside it and the
 * verdict, the profile slot and completeness commit together with the owner's
 * uploads.status_changed event. The original (with its EXIF and GPS position) is deleted once a
 * verdict is recorded: only the re-encoded sizes are kept.
 *
 * Bounded: each attempt has a time limit, attempts are counted in the upload row (so a file that
 * crashes the process also runs out), and the last one records 'error' with a reason instead of
 * retrying forever, so no file can hold the queue.
 */
import type { Db } from '../../server/kernel/db/client.ts';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import { deleteMediaQuietly, derivativeKeyOf, type MediaStore } from '../../server/kernel/media/index.ts';
import type { Log } from '../../server/kernel/logging.ts';
import { defineHandler, type EventHandler } from '../runtime/handler.ts';
import { type ContentCheck, moderateImage } from './pipeline.ts';
import { PROCESSING_FAILED_REASON, UPLOAD_MISSING_REASON } from './failure-reasons.ts';
import { moderation } from '../../server/modules/uploads/index.ts';
import { withTimeout } from '../../server/kernel/timeout.ts';

/** Attempts at one upload before it is closed as 'error'. */
export const MAX_ATTEMPTS = 3;
/** One attempt: decoding, three sizes and the content checks of a 12 MP photo take about a second. */
export const ATTEMPT_TIMEOUT_MS = 60_000;

export interface PhotoModerationDeps {
  db: Db;
  media: MediaStore;
  /** The content checks for this upload (face rules, nudity); none when not given. */
  checksFor?: (upload: moderation.UploadRow) => Promise<readonly ContentCheck[]>;
  attemptTimeoutMs?: number;
}

type Uploaded = EventOf<'photos.uploaded'>;

export function photoModerationHandler(deps: PhotoModerationDeps): EventHandler<'photos.uploaded'> {
  const timeoutMs = deps.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;

  const removeFiles = (keys: string[], log: Log) => deleteMediaQuietly(deps.media, keys, log, 'files of a moderated upload');

  async function reviewUpload(upload: moderation.UploadRow, log: Log): Promise<void> {
    const original = await deps.media.get(upload.originalKey);
    if (!original) {
      await moderation.closeUpload(deps.db, upload.id, 'error', UPLOAD_MISSING_REASON);
      return;
    }
    const checks = (await deps.checksFor?.(upload)) ?? [];
    const purpose = upload.purpose as 'profile' | 'chat';
    const result = await withTimeout(moderateImage(original.body, { purpose, checks }), timeoutMs);
    const leftovers = [upload.originalKey];
    if (result.status === 'rejected') {
      if (await moderation.closeUpload(deps.db, upload.id, 'rejected', result.reason)) await removeFiles(leftovers, log);
      return;
    }
    const keys = {
      thumbnailKey: derivativeKeyOf(upload.userId, upload.id, 'thumbnail'),
      previewKey: derivativeKeyOf(upload.userId, upload.id, 'preview'),
      fullKey: derivativeKeyOf(upload.userId, upload.id, 'full'),
    };
    await Promise.all([
      deps.media.put(keys.thumbnailKey, result.derivatives.thumbnail, 'image/jpeg'),
      deps.media.put(keys.previewKey, result.derivatives.preview, 'image/jpeg'),
      deps.media.put(keys.fullKey, result.derivatives.full, 'image/jpeg'),
    ]);
    const replaced = await moderation.approveUpload(deps.db, upload.id, keys, result.faceDescriptor ?? null);
    // Decided meanwhile, or the account is gone: the files just written belong to nothing.
    if (replaced === null) await removeFiles(Object.values(keys), log);
    else await removeFiles([...leftovers, ...replaced], log);
  }

  return defineHandler({
    name: 'photo-moderation',
    subjects: ['photos.uploaded'],
    // Image work is CPU-bound; one at a time per process leaves the other core to the rest.
    concurrency: 1,
    // One delivery beyond the attempts, so the last is the one that records 'error'.
    maxDeliver: MAX_ATTEMPTS + 1,
    ackWaitMs: timeoutMs + 30_000,
    async handle(event: Uploaded, { log }) {
      const upload = await moderation.startAttempt(deps.db, event.payload.uploadId);
      if (!upload) return;
      if (upload.attempts > MAX_ATTEMPTS) {
        await moderation.closeUpload(deps.db, upload.id, 'error', PROCESSING_FAILED_REASON);
        return;
      }
      try {
        await reviewUpload(upload, log);
      } catch (error) {
        log.warn({ err: error, uploadId: upload.id, attempt: upload.attempts }, 'photo moderation attempt failed');
        if (upload.attempts < MAX_ATTEMPTS) throw error;
        await moderation.closeUpload(deps.db, upload.id, 'error', PROCESSING_FAILED_REASON);
      }
    },
  });
}
