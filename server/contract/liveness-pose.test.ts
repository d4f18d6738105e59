import t from 'tap';
import { LIVENESS_THRESHOLDS } from './liveness.ts';
import { readStep } from './liveness-pose.ts';

const still = { roll: 0, yaw: 0, scale: 1 };

t.test('each movement past its threshold reads as its step', async (t) => {
  const { tiltDegrees, turnRatio, closerScale } = LIVENESS_THRESHOLDS;
  t.equal(readStep({ ...still, roll: tiltDegrees })?.kind, 'tilt_left');
  t.equal(readStep({ ...still, roll: -tiltDegrees })?.kind, 'tilt_right');
  t.equal(readStep({ ...still, yaw: turnRatio })?.kind, 'turn_left');
  t.equal(readStep({ ...still, yaw: -turnRatio })?.kind, 'turn_right');
  t.equal(readStep({ ...still, scale: closerScale })?.kind, 'closer');
  t.equal(readStep({ ...still, scale: 1 / closerScale })?.kind, 'farther', 'moving back by the same factor counts the same');
  t.equal(readStep({ ...still, roll: tiltDegrees * 2 })?.strength, 2, 'strength is the movement over its threshold');
});

t.test('below every threshold, a frame shows no step', async (t) => {
  t.equal(readStep(still), null);
  t.equal(readStep({ roll: 11.9, yaw: -0.149, scale: 1.19 }), null);
  t.equal(readStep({ roll: -11.9, yaw: 0.149, scale: 0.85 }), null);
});

t.test('a frame reads as its strongest movement only', async (t) => {
  // Measured on a 35° tilt: the nose tip drifts by -0.156 along the eye line, past the turn threshold.
  t.equal(readStep({ roll: 35.1, yaw: -0.156, scale: 1 })?.kind, 'tilt_left');
  // Turning while leaning in a little: the turn is clearer than the size change.
  t.equal(readStep({ roll: 1, yaw: 0.35, scale: 1.22 })?.kind, 'turn_left');
  t.equal(readStep({ roll: 1, yaw: 0.16, scale: 1.5 })?.kind, 'closer');
});
