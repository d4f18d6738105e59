/**
 * Head pose from face-api's 68 landmarks, measured exactly as the face-liveness worker measures
 * it (the client may import only server/contract, so the few lines are repeated here; both follow
 * the thresholds of contract/liveness.ts). Tilt is the eye line's angle, turn is where the nose
 * tip sits between the outer eye corners along that line, size is the eye-to-mouth distance over
 * the frame's shorter side. Frames are read as the camera sees them (not mirrored), so positive
 * roll and yaw are the member's own left.
 */
import {
  LIVENESS_STEP_KINDS,
  LIVENESS_THRESHOLDS,
  type LivenessStepKind,
} from '../../../../../server/contract/liveness.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Pose {
  roll: number;
  yaw: number;
  size: number;
}

export interface Movement {
  roll: number;
  yaw: number;
  scale: number;
}

const LEFT_EYE = [36, 37, 38, 39, 40, 41];
const RIGHT_EYE = [42, 43, 44, 45, 46, 47];
const OUTER_LEFT_CORNER = 36;
const OUTER_RIGHT_CORNER = 45;
const NOSE_TIP = 30;
const MOUTH_CORNERS = [48, 54];

const centre = (points: Point[], indexes: number[]): Point => ({
  x: indexes.reduce((sum, i) => sum + points[i].x, 0) / indexes.length,
  y: indexes.reduce((sum, i) => sum + points[i].y, 0) / indexes.length,
});

export function measurePose(landmarks: Point[], frame: { width: number; height: number }): Pose {
  const left = centre(landmarks, LEFT_EYE);
  const right = centre(landmarks, RIGHT_EYE);
  const eyeDistance = Math.hypot(right.x - left.x, right.y - left.y);
  const ux = (right.x - left.x) / eyeDistance;
  const uy = (right.y - left.y) / eyeDistance;
  const along = (p: Point) => p.x * ux + p.y * uy;
  const leftCorner = along(landmarks[OUTER_LEFT_CORNER]);
  const rightCorner = along(landmarks[OUTER_RIGHT_CORNER]);
  const nose = along(landmarks[NOSE_TIP]);
  const eyes = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
  const mouth = centre(landmarks, MOUTH_CORNERS);
  return {
    roll: (Math.atan2(right.y - left.y, right.x - left.x) * 180) / Math.PI,
    yaw: (2 * nose - leftCorner - rightCorner) / (rightCorner - leftCorner),
    size: Math.hypot(mouth.x - eyes.x, mouth.y - eyes.y) / Math.min(frame.width, frame.height),
  };
}

export function movementFrom(neutral: Pose, pose: Pose): Movement {
  const roll = ((((pose.roll - neutral.roll) % 360) + 540) % 360) - 180;
  return { roll, yaw: pose.yaw - neutral.yaw, scale: pose.size / neutral.size };
}

/** Whether a pose can be the neutral frame: roughly level and frontal (the worker refuses others). */
export function isNeutral(pose: Pose): boolean {
  return Math.abs(pose.roll) <= LIVENESS_THRESHOLDS.neutralMaxTiltDegrees * 0.8 && Math.abs(pose.yaw) <= LIVENESS_THRESHOLDS.neutralMaxTurnRatio * 0.8;
}

const LOG_CLOSER = Math.log(LIVENESS_THRESHOLDS.closerScale);

/** A movement over its step's threshold: 1 at the threshold. */
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
