/**
 * Uploads nobody will use: a chat photo that was never sent (sending binds it to its chat), and
 * any upload whose file never arrived. Their rows would stay forever and, for the first kind,
 * their files too (nothing else removes them before the account goes), so they are swept once
 * they are a day old: long enough for a member to send the photo they just uploaded, and for
 * moderation's last retry. Every instance sweeps; SKIP LOCKED keeps two from taking the same rows.
 */
import type { DbDeps } from '../../kernel/deps.ts';
import type { Log } from '../../kernel/logging.ts';
import { deleteMediaQuietly, type MediaStore } from '../../kernel/media/index.ts';
import { deleteStaleUploads } from './uploads.queries.ts';

export const STALE_UPLOAD_HOURS = 24;
const BATCH = 500;
const EVERY_MS = 60 * 60_000;

type SweepDeps = DbDeps & { media: MediaStore; log: Pick<Log, 'info' | 'warn'> };

/** Removes stale uploads and their files, a batch at a time; answers how many went. */
export async function sweepStaleUploads(deps: SweepDeps, olderThanHours = STALE_UPLOAD_HOURS): Promise<number> {
  let swept = 0;
  for (;;) {
    const { deleted, keys } = await deleteStaleUploads(deps.db, olderThanHours, BATCH);
    await deleteMediaQuietly(deps.media, keys, deps.log, 'files of stale uploads');
    swept += deleted;
    if (deleted < BATCH) return swept;
  }
}

/** Sweeps every hour while the app runs; stops when it closes. */
export function scheduleStaleUploadSweep(deps: SweepDeps, onClose: (stop: () => void) => void): void {
  const timer = setInterval(() => {
    sweepStaleUploads(deps)
      .then((swept) => {
        if (swept > 0) deps.log.info({ swept }, 'stale uploads removed');
      })
      .catch((error) => deps.log.warn({ err: error }, 'stale upload sweep failed'));
  }, EVERY_MS);
  timer.unref();
  onClose(() => clearInterval(timer));
}
