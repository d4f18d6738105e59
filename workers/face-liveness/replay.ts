/**
 * Signs that a scan was not filmed live: the same bytes sent twice (a frame copied, or a whole
 * earlier scan resent), or faces whose landmarks do not move across the whole scan (one picture
 * re-encoded into several frames). A person in front of a camera never produces either: sensor
 * noise alone changes every JPEG, and a challenge moves the landmarks by several percent of the
 * frame.
 */
import { createHash } from 'node:crypto';
import type { Point } from '../vision/face-detector.ts';

/**
 * Landmarks that moved less than this (root mean square, as a fraction of the frame's shorter
 * side) in every frame mean a still picture. Re-encoding or resizing one picture moves them
 * 0.001–0.002; the smallest real movement measured, a 3% change of size, moves them 0.006.
 */
export const STILL_MOTION = 0.01;

/** A digest of a frame's bytes; the handler may keep them to refuse frames seen in earlier scans. */
export function frameDigest(frame: Buffer): string {
  return createHash('sha256').update(frame).digest('hex');
}

export function hasRepeatedFrame(frames: readonly Buffer[]): boolean {
  return new Set(frames.map(frameDigest)).size !== frames.length;
}

export interface PlacedLandmarks {
  landmarks: Point[];
  /** The shorter side of the frame they were found in. */
  side: number;
}

/** How far the landmarks moved between two frames, in fractions of each frame's shorter side. */
export function landmarkMotion(a: PlacedLandmarks, b: PlacedLandmarks): number {
  let sum = 0;
  a.landmarks.forEach((p, i) => {
    const q = b.landmarks[i];
    sum += (p.x / a.side - q.x / b.side) ** 2 + (p.y / a.side - q.y / b.side) ** 2;
  });
  return Math.sqrt(sum / a.landmarks.length);
}

/** True when no frame's face moved away from the first one's. */
export function isStill(faces: readonly PlacedLandmarks[]): boolean {
  return faces.every((face) => landmarkMotion(faces[0], face) < STILL_MOTION);
}
