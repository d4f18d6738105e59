/**
 * Which challenge step a frame shows. Every movement is scored against its own threshold
 * (strength 1 = exactly at the threshold) and the frame counts as the strongest one that reaches
 * it. One answer per frame keeps side effects of a big movement from counting as another step:
 * a 35° tilt moves the nose tip about as far as a small turn would, but the tilt is by far the
 * stronger reading.
 */
import { LIVENESS_STEP_KINDS, LIVENESS_THRESHOLDS, type LivenessStepKind } from '../../server/contract/liveness.ts';
import type { Movement } from './pose.ts';

export interface StepReading {
  kind: LivenessStepKind;
  /** The movement over its threshold: 1 at the threshold, 2 at twice it. */
  strength: number;
}

/** Size changes are compared in log scale, so 1.2× closer and 1/1.2× back weigh the same. */
const LOG_CLOSER = Math.log(LIVENESS_THRESHOLDS.closerScale);

export function stepStrength(kind: LivenessStepKind, movement: Movement): number {
  switch (kind) {
    case 'tilt_left':
      return movement.roll / LIVENESS_THRESHOLDS.tiltDegrees;
    case 'tilt_right':
      return -movement.roll / LIVENESS_THRESHOLDS.tiltDegrees;
    case 'turn_left':
      return movement.yaw / LIVENESS_THRESHOLDS.turnRatio;
    case 'turn_right':
      return -movement.yaw / LIVENESS_THRESHOLDS.turnRatio;
    case 'closer':
      return Math.log(movement.scale) / LOG_CLOSER;
    case 'farther':
      return -Math.log(movement.scale) / LOG_CLOSER;
  }
}

/** The step this frame shows, or null when no movement reaches its threshold (neutral, or on the way). */
export function readStep(movement: Movement): StepReading | null {
  let best: StepReading | null = null;
  for (const kind of LIVENESS_STEP_KINDS) {
    const strength = stepStrength(kind, movement);
    if (strength >= 1 && (best === null || strength > best.strength)) best = { kind, strength };
  }
  return best;
}
