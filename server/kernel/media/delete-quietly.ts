/**
 * Deleting files after the state that referred to them has committed. The state change stands
 * whatever happens here: a file that could not be removed is never served (nothing points at it)
 * and the account's deletion sweeps its prefix, so a failure is logged, not thrown.
 */
import type { Log } from '../logging.ts';
import type { MediaStore } from './store.ts';

export async function deleteMediaQuietly(media: MediaStore, keys: readonly string[], log: Pick<Log, 'warn'>, what: string): Promise<void> {
  if (keys.length === 0) return;
  try {
    await media.delete(keys);
  } catch (error) {
    log.warn({ err: error, keys }, `${what} could not be removed`);
  }
}
