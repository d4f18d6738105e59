/**
 * Test-only: a made-up 68-point face with known geometry, so the pose maths can be checked
 * exactly without a detector. Level and frontal: eye centres at (±30, 0), outer eye corners at
 * (±42, 0), nose tip at (0, 20), mouth corners at (±20, 50): eye-to-mouth distance 50.
 */
import type { Point } from '../vision/face-detector.ts';

/** Six points clockwise on the image from the eye's left corner: corner, top, top, corner, bottom, bottom. */
const eye = (cx: number): Point[] => [
  { x: cx - 12, y: 0 },
  { x: cx - 4, y: -4 },
  { x: cx + 4, y: -4 },
  { x: cx + 12, y: 0 },
  { x: cx + 4, y: 4 },
  { x: cx - 4, y: 4 },
];

export function frontalFace(): Point[] {
  const jaw = Array.from({ length: 17 }, (_, i) => {
    const angle = Math.PI - (i * Math.PI) / 16;
    return { x: 70 * Math.cos(angle), y: 10 + 80 * Math.sin(angle) };
  });
  const brows = Array.from({ length: 10 }, (_, i) => ({ x: -55 + (i < 5 ? i * 10 : 20 + i * 10), y: -25 }));
  const noseBridge = [-10, 0, 10, 20].map((y) => ({ x: 0, y }));
  const nostrils = [-12, -6, 0, 6, 12].map((x) => ({ x, y: 28 }));
  // Both eyes start at their left corner on the image: the outer one (36) and the inner one (42).
  const [leftEye, rightEye] = [eye(-30), eye(30)];
  const outerLip = Array.from({ length: 12 }, (_, i) => {
    const angle = Math.PI + (i * Math.PI) / 6;
    return { x: 20 * Math.cos(angle), y: 50 + 8 * Math.sin(angle) };
  });
  const innerLip = Array.from({ length: 8 }, (_, i) => {
    const angle = Math.PI + (i * Math.PI) / 4;
    return { x: 14 * Math.cos(angle), y: 50 + 4 * Math.sin(angle) };
  });
  return [...jaw, ...brows, ...noseBridge, ...nostrils, ...leftEye, ...rightEye, ...outerLip, ...innerLip];
}

/** Turned by `degrees` (clockwise on the image, as y points down), scaled, then moved. */
export function transform(points: Point[], { degrees = 0, scale = 1, dx = 0, dy = 0 } = {}): Point[] {
  const a = (degrees * Math.PI) / 180;
  return points.map(({ x, y }) => ({
    x: scale * (x * Math.cos(a) - y * Math.sin(a)) + dx,
    y: scale * (x * Math.sin(a) + y * Math.cos(a)) + dy,
  }));
}

/** The nose tip moved sideways by `dx` before any other transform: what a head turn does to it. */
export function noseShifted(points: Point[], dx: number): Point[] {
  return points.map((p, i) => (i === 30 ? { x: p.x + dx, y: p.y } : p));
}
