/**
 * A liveness scan, from the frames' bytes to pass (score, the scan's face) or fail (a code and a
 * reason the member can act on). The order of the checks puts the cheap ones first: the files,
 * then repeated bytes, then one detection per frame in sequence, stopping at the first frame that
 * settles the answer (no face, several faces, a crooked start, someone else), and only then the
 * judgement of the whole (verdict.ts). Session freshness and single use are the server's, with
 * its database; this sees frames and a challenge only.
 *
 * Frames are analysed one at a time: detection takes about half a second of CPU and the worker
 * shares two cores, so running them side by side would not finish sooner.
 */
import { isLivenessChallenge, LIVENESS_THRESHOLDS, type LivenessStepKind } from '../../server/contract/liveness.ts';
import { descriptorDistance, type FaceDetector } from '../vision/face-detector.ts';
import { frameProblem } from './frame-checks.ts';
import { measurePose, type Pose } from '../../server/contract/liveness-pose.ts';
import { hasRepeatedFrame } from './replay.ts';
import { SAME_PERSON_DISTANCE } from './same-person.ts';
import { failure, judgeFrames, type ObservedFrame, type ScanResult } from './verdict.ts';

export type { ScanResult } from './verdict.ts';

export interface ScanOptions {
  /** `createFaceDetector()`, made once per process; only `detect` is used. */
  detector: Pick<FaceDetector, 'detect'>;
}

/** The detector's own default: below it, what it finds is too often not a face. */
const FACE_MIN_CONFIDENCE = 0.5;

const isNeutral = (pose: Pose) =>
  Math.abs(pose.roll) <= LIVENESS_THRESHOLDS.neutralMaxTiltDegrees && Math.abs(pose.yaw) <= LIVENESS_THRESHOLDS.neutralMaxTurnRatio;

/**
 * `frames`: the neutral frame first, then the frames of the steps in the order they were taken.
 * Throws only for a malformed challenge (a caller's bug) or a detector failure (worth a retry).
 */
export async function analyzeScan(
  frames: readonly Buffer[],
  challenge: readonly LivenessStepKind[],
  options: ScanOptions,
): Promise<ScanResult> {
  if (!isLivenessChallenge(challenge)) throw new TypeError(`not a liveness challenge: ${JSON.stringify(challenge)}`);
  const problem = await frameProblem(frames);
  if (problem) return failure(problem);
  if (hasRepeatedFrame(frames)) return failure('replayed_frames');

  const observed: ObservedFrame[] = [];
  for (const frame of frames) {
    const analysis = await options.detector.detect(frame, { minConfidence: FACE_MIN_CONFIDENCE });
    if (analysis.faces.length === 0) return failure('no_face');
    if (analysis.faces.length > 1) return failure('several_faces');
    const [face] = analysis.faces;
    const pose = measurePose(face.landmarks, analysis);
    if (observed.length === 0 && !isNeutral(pose)) return failure('not_facing_camera');
    // The detector describes a tilted face from an upright copy, so tilted frames compare fairly.
    if (observed.length > 0 && descriptorDistance(observed[0].descriptor, face.descriptor) > SAME_PERSON_DISTANCE) {
      return failure('different_person');
    }
    observed.push({
      pose,
      landmarks: face.landmarks,
      side: Math.min(analysis.width, analysis.height),
      descriptor: face.descriptor,
      confidence: face.score,
    });
  }
  return judgeFrames(observed, challenge);
}
