/**
 * Head pose from face-api's 68 landmarks, in the three measures a challenge step is judged on,
 * and which step a frame shows. The browser uses it to guide the member and pick frames, the
 * liveness worker to judge them, so both read a frame the same way (thresholds: liveness.ts).
 *
 * Each measure is built to ignore the other movements, so that a turn does not read as moving
 * back or a tilt as a turn: tilt is an angle (unchanged by size), turn is a ratio along the eye
 * line (unchanged by tilt and size), size is a distance along the face's vertical axis (unchanged
 * by tilt and barely by a turn, unlike the eye distance or the detector's box). Frames are read
 * as the camera sees them (not mirrored), so positive roll and yaw are the member's own left.
 * Measured in docs/liveness.md.
 */
import { LIVENESS_STEP_KINDS, LIVENESS_THRESHOLDS, type LivenessStepKind } from './liveness.ts';

/** A landmark in image pixels (the shape of face-api's points, without importing it). */
export interface Point {
  x: number;
  y: number;
}

export interface Pose {
  /** Angle of the line from the image-left eye to the image-right eye, degrees; positive when the member tilts to their left. */
  roll: number;
  /**
   * Where the nose tip sits between the outer eye corners, measured along the eye line: 0 in the
   * middle, +1 on the image-right corner. Positive when the member turns to their left.
   */
  yaw: number;
  /** Distance from the middle of the eyes to the middle of the mouth corners, over the frame's shorter side. */
  size: number;
}

/** A pose relative to the neutral frame. */
export interface Movement {
  /** Degrees; positive toward the member's left. */
  roll: number;
  /** Positive toward the member's left. */
  yaw: number;
  /** Above 1 when the face came closer. */
  scale: number;
}

// The 68-point layout: eyes 36-41 (image left) and 42-47 (image right), outer corners 36 and 45,
// nose tip 30, mouth corners 48 and 54.
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
  // Unit vector along the eye line: projecting on it removes the tilt from the turn measure.
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
  // Wrapped into -180..180 so a level head measured as 179° and -179° is not a 358° tilt.
  const roll = ((((pose.roll - neutral.roll) % 360) + 540) % 360) - 180;
  return { roll, yaw: pose.yaw - neutral.yaw, scale: pose.size / neutral.size };
}

/*
 * Which challenge step a frame shows. Every movement is scored against its own threshold
 * (strength 1 = exactly at the threshold) and the frame counts as the strongest one that reaches
 * it. One answer per frame keeps side effects of a big movement from counting as another step:
 * a 35° tilt moves the nose tip about as far as a small turn would, but the tilt is by far the
 * stronger reading.
 */

export interface StepReading {
  kind: LivenessStepKind;
  /** The movement over its threshold: 1 at the threshold, 2 at twice it. */
  strength: number;
}

/** Size changes are compared in log scale, so 1.2× closer and 1/1.2× back weigh the same. */
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

/** The step this frame shows, or null when no movement reaches its threshold (neutral, or on the way). */
export function readStep(movement: Movement): StepReading | null {
  let best: StepReading | null = null;
  for (const kind of LIVENESS_STEP_KINDS) {
    const strength = stepStrength(kind, movement);
    if (strength >= 1 && (best === null || strength > best.strength)) best = { kind, strength };
  }
  return best;
}
