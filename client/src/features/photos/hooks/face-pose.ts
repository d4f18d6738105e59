/**
 * The browser's side of reading a pose: the measures themselves (pose, movement, step strength)
 * are server/contract/liveness-pose.ts, shared with the face-liveness worker; what is here is how
 * the client picks its frames so the worker, reading them again, agrees.
 */
import { LIVENESS_STEP_KINDS, LIVENESS_THRESHOLDS, type LivenessStepKind } from '@contract/liveness.ts';
import { type Movement, type Pose, stepStrength } from '@contract/liveness-pose.ts';

/** Whether a pose can be the neutral frame: roughly level and frontal (the worker refuses others). */
export function isNeutral(pose: Pose): boolean {
  return (
    Math.abs(pose.roll) <= LIVENESS_THRESHOLDS.neutralMaxTiltDegrees * 0.8 &&
    Math.abs(pose.yaw) <= LIVENESS_THRESHOLDS.neutralMaxTurnRatio * 0.8
  );
}

/**
 * How far past the threshold the client waits before it captures a step: the worker reads the
 * frame again on its own detector, and a frame right at the edge here could fall short there.
 */
export const CAPTURE_STRENGTH = 1.25;

/**
 * Whether this movement shows `kind` clearly: past CAPTURE_STRENGTH, and the strongest of all
 * movements (the worker counts a frame as its strongest movement only, so a big tilt that also
 * shifts the nose must not be sent as a turn).
 */
export function showsStep(kind: LivenessStepKind, movement: Movement): boolean {
  const strength = stepStrength(kind, movement);
  if (strength < CAPTURE_STRENGTH) return false;
  return LIVENESS_STEP_KINDS.every((other) => other === kind || stepStrength(other, movement) < strength);
}
