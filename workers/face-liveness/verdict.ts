/**
 * The judgement on a scan's frames once every face has been found and described: a still
 * picture, then the challenge and its order, then the score and the face the scan hands on. Pure,
 * so it can be tested on made-up poses without running the detector.
 */
import { LIVENESS_FAILURES, type LivenessFailureCode, type LivenessStepKind } from '../../server/contract/liveness.ts';
import type { Point } from '../vision/face-detector.ts';
import { followChallenge } from './challenge-order.ts';
import { movementFrom, type Pose, readStep } from '../../server/contract/liveness-pose.ts';
import { isStill } from './replay.ts';
import { farthestFromNeutral, meanDescriptor } from './same-person.ts';
import { scanScore } from './score.ts';

/** One frame's single face, as the scan saw it. The first frame is the neutral one. */
export interface ObservedFrame {
  pose: Pose;
  landmarks: Point[];
  /** The frame's shorter side, in the pixels the landmarks are in. */
  side: number;
  /** The face's descriptor (the detector takes it from an upright copy of a tilted face). */
  descriptor: Float32Array;
  /** Detector confidence. */
  confidence: number;
}

export type ScanResult = { ok: true; score: number; descriptor: Float32Array } | { ok: false; code: LivenessFailureCode; reason: string };

export const failure = (code: LivenessFailureCode): ScanResult => ({ ok: false, code, reason: LIVENESS_FAILURES[code] });

export function judgeFrames(frames: readonly ObservedFrame[], challenge: readonly LivenessStepKind[]): ScanResult {
  if (isStill(frames)) return failure('no_movement');
  const [neutral, ...rest] = frames;
  const readings = rest.map((frame) => readStep(movementFrom(neutral.pose, frame.pose)));
  const order = followChallenge(
    readings.map((reading) => reading?.kind ?? null),
    challenge,
  );
  if (!order.ok) return failure(order.code);
  const stepStrengths = challenge.map((kind) => Math.max(...readings.map((reading) => (reading?.kind === kind ? reading.strength : 0))));
  const descriptors = frames.map((frame) => frame.descriptor);
  return {
    ok: true,
    score: scanScore({
      stepStrengths,
      farthestDistance: farthestFromNeutral(descriptors),
      lowestConfidence: Math.min(...frames.map((frame) => frame.confidence)),
    }),
    descriptor: meanDescriptor(descriptors),
  };
}
