/**
 * Prints the measurements behind the thresholds (docs/liveness.md): each posed test frame's
 * movement from the neutral frame, the step it reads as, and its descriptor distance from the
 * neutral face and from another person's. `width` is the eye distance relative to the neutral
 * frame's, over the size ratio: how much narrower the face looks, whatever its distance. Rerun it when the detector
 * changes: `npx tsx workers/face-liveness/measure-poses.ts`.
 */
import { createFaceDetector, descriptorDistance, type Point } from '../vision/face-detector.ts';
import { measurePose, movementFrom, readStep } from '../../server/contract/liveness-pose.ts';
import { landmarkMotion } from './replay.ts';
import { astronautFrame, otherPersonFrame, type FramePose } from './test-frames.ts';

const CASES: [string, FramePose][] = [
  ['neutral', {}],
  ['re-encoded q60', { quality: 60 }],
  ['resized 320', { size: 320 }],
  ['resized 640', { size: 640 }],
  ['shifted 6px', { shift: 6 }],
  ['scale 0.97', { scale: 0.97 }],
  ['scale 1.03', { scale: 1.03 }],
  ...[5, 10, 15, 20, 25, 35].flatMap((d): [string, FramePose][] => [
    [`tilt ${d}`, { tilt: d }],
    [`tilt -${d}`, { tilt: -d }],
  ]),
  ...[1.15, 1.2, 1.3, 0.87, 0.83, 0.77].map((s): [string, FramePose] => [`scale ${s}`, { scale: s }]),
  ...[10, 15, 20, 25, 30, 40].flatMap((d): [string, FramePose][] => [
    [`turn ${d}`, { turn: d }],
    [`turn -${d}`, { turn: -d }],
  ]),
  ['tilt 20 + scale 1.3', { tilt: 20, scale: 1.3 }],
  ['turn 30 + tilt 10', { turn: 30, tilt: 10 }],
  ...[
    [30, 400],
    [50, 400],
    [60, 400],
    [30, 200],
    [45, 200],
    [60, 200],
    [45, 100_000],
    [60, 100_000],
  ].flatMap(([degrees, distance]): [string, FramePose][] => [
    [`flat print ${degrees}° at ${distance}`, { flatTurn: degrees, printDistance: distance }],
    [`flat print -${degrees}° at ${distance}`, { flatTurn: -degrees, printDistance: distance }],
  ]),
];

const detector = createFaceDetector();
const other = (await detector.detect(await otherPersonFrame())).faces[0];
const fixed = (value: number, digits = 3) => value.toFixed(digits).padStart(7);
const eyeDistance = (points: Point[]) => {
  const centre = (from: number) =>
    points.slice(from, from + 6).reduce((sum, p) => ({ x: sum.x + p.x / 6, y: sum.y + p.y / 6 }), { x: 0, y: 0 });
  const [left, right] = [centre(36), centre(42)];
  return Math.hypot(right.x - left.x, right.y - left.y);
};
let neutral: { pose: ReturnType<typeof measurePose>; descriptor: Float32Array; landmarks: Point[]; side: number } | null = null;
console.log('frame                       tilt°   turn   scale  reads as        width  motion   same  other');
for (const [name, pose] of CASES) {
  const frame = await astronautFrame(pose);
  const started = performance.now();
  const analysis = await detector.detect(frame);
  const ms = performance.now() - started;
  if (analysis.faces.length !== 1) {
    console.log(`${name.padEnd(26)} ${analysis.faces.length} faces`);
    continue;
  }
  const [face] = analysis.faces;
  const measured = measurePose(face.landmarks, analysis);
  const side = Math.min(analysis.width, analysis.height);
  neutral ??= { pose: measured, descriptor: face.descriptor, landmarks: face.landmarks, side };
  const movement = movementFrom(neutral.pose, measured);
  const reading = readStep(movement);
  const width = eyeDistance(face.landmarks) / side / (eyeDistance(neutral.landmarks) / neutral.side) / movement.scale;
  console.log(
    `${name.padEnd(26)}${fixed(movement.roll, 1)}${fixed(movement.yaw)}${fixed(movement.scale)}  ${(reading ? `${reading.kind} ${reading.strength.toFixed(2)}` : '-').padEnd(15)}${fixed(width)}` +
      `${fixed(landmarkMotion(neutral, { landmarks: face.landmarks, side }))}${fixed(descriptorDistance(neutral.descriptor, face.descriptor), 2)}` +
      `${fixed(descriptorDistance(other.descriptor, face.descriptor), 2)}  (${Math.round(ms)} ms; absolute tilt ${measured.roll.toFixed(1)}°, turn ${measured.yaw.toFixed(3)})`,
  );
}
