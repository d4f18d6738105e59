/**
 * Head pose from face-api's 68 landmarks, in the three measures a challenge step is judged on.
 * Each one is built to ignore the other movements, so that a turn does not read as moving back
 * or a tilt as a turn: tilt is an angle (unchanged by size), turn is a ratio along the eye line
 * (unchanged by tilt and size), size is a distance along the face's vertical axis (unchanged by
 * tilt and barely by a turn, unlike the eye distance or the detector's box). Measured in
 * docs/liveness.md.
 */
import type { Point } from '../vision/face-detector.ts';

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
