/**
 * face-liveness: judges the frames of a submitted face scan (`liveness.scan_submitted`) with
 * face-api and writes the verdict on the session row, where the waiting verify request reads it.
 * The frames are deleted once judged, whatever the verdict: only the face's descriptor of a
 * passed scan is kept. Bounded like moderation: a time limit per attempt, a few attempts, and the
 * last one records a failure the member can retry from, instead of retrying forever.
 */
import { LIVENESS_FAILURES, type LivenessStepKind } from '../../server/contract/liveness.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import type { Log } from '../../server/kernel/logging.ts';
import { deleteMediaQuietly, type MediaStore } from '../../server/kernel/media/index.ts';
import { withTimeout } from '../../server/kernel/timeout.ts';
import { defineHandler, type EventHandler } from '../runtime/handler.ts';
import type { FaceDetector } from '../vision/face-detector.ts';
import { analyzeScan } from './scan-analysis.ts';
import { scanRecords as records } from '../../server/modules/liveness/index.ts';

export const MAX_ATTEMPTS = 3;
/** Seven frames at about half a second each, with room for a busy machine. */
export const ATTEMPT_TIMEOUT_MS = 45_000;
/** What the member reads when no verdict could be reached (the client's own words). */
export const SCAN_FAILED_REASON = 'Face verification failed. Please try again.';

export interface FaceLivenessDeps {
  db: Db;
  media: MediaStore;
  detector: FaceDetector;
  attemptTimeoutMs?: number;
}

export function faceLivenessHandler(deps: FaceLivenessDeps): EventHandler<'liveness.scan_submitted'> {
  const timeoutMs = deps.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;

  const removeFrames = (keys: string[], log: Log) => deleteMediaQuietly(deps.media, keys, log, 'face scan frames');

  async function judge(scan: records.ScanRow, frameKeys: string[]): Promise<void> {
    const objects = await Promise.all(frameKeys.map((key) => deps.media.get(key)));
    if (objects.some((object) => object === null)) {
      await records.recordFailure(deps.db, scan.id, LIVENESS_FAILURES.unreadable_frame);
      return;
    }
    const frames = objects.map((object) => (object as { body: Buffer }).body);
    const challenge = scan.challenge as LivenessStepKind[];
    const result = await withTimeout(analyzeScan(frames, challenge, { detector: deps.detector }), timeoutMs);
    if (result.ok) await records.recordPass(deps.db, scan.id, result.score, result.descriptor);
    else await records.recordFailure(deps.db, scan.id, result.reason);
  }

  return defineHandler({
    name: 'face-liveness',
    subjects: ['liveness.scan_submitted'],
    // Inference is CPU-bound; the member waits on this one, so it is not queued behind a second.
    concurrency: 1,
    maxDeliver: MAX_ATTEMPTS,
    ackWaitMs: timeoutMs + 30_000,
    async handle(event: EventOf<'liveness.scan_submitted'>, { attempt, log }) {
      const { scanId, frameKeys } = event.payload;
      const scan = await records.findProcessingScan(deps.db, scanId);
      if (scan) {
        try {
          await judge(scan, frameKeys);
        } catch (error) {
          log.warn({ err: error, scanId, attempt }, 'face scan attempt failed');
          if (attempt < MAX_ATTEMPTS) throw error;
          await records.recordFailure(deps.db, scanId, SCAN_FAILED_REASON);
        }
      }
      await removeFrames(frameKeys, log);
    },
  });
}
