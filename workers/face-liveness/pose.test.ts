import fc from 'fast-check';
import t from 'tap';
import { measurePose, movementFrom } from '../../server/contract/liveness-pose.ts';
import { frontalFace, noseShifted, transform } from './test-landmarks.ts';

const FRAME = { width: 640, height: 480 };
const close = (actual: number, expected: number, tolerance = 1e-9) => Math.abs(actual - expected) <= tolerance;

t.test('a level frontal face', async (t) => {
  const pose = measurePose(transform(frontalFace(), { dx: 320, dy: 200 }), FRAME);
  t.ok(close(pose.roll, 0), 'no tilt');
  t.ok(close(pose.yaw, 0), 'nose tip midway between the outer eye corners');
  t.ok(close(pose.size, 50 / 480), 'eye-to-mouth distance over the shorter side');
});

t.test('tilt is the eye-line angle, positive toward the member’s left (clockwise on the image)', async (t) => {
  for (const degrees of [-35, -20, -12, 5, 12, 20, 35]) {
    const pose = measurePose(transform(frontalFace(), { degrees, dx: 300, dy: 250 }), FRAME);
    t.ok(close(pose.roll, degrees), `${degrees}°`);
    t.ok(close(pose.yaw, 0), `${degrees}°: no turn read into a tilt`);
    t.ok(close(pose.size, 50 / 480), `${degrees}°: no size change read into a tilt`);
  }
});

t.test('turn is the nose tip between the outer eye corners, whatever the tilt and size', async (t) => {
  // Outer corners 84 apart: a nose tip 12.6 toward the image right is 0.3 of the half distance.
  const turned = noseShifted(frontalFace(), 12.6);
  t.ok(close(measurePose(transform(turned, { dx: 320, dy: 240 }), FRAME).yaw, 0.3), 'toward the image right: positive');
  t.ok(
    close(measurePose(transform(noseShifted(frontalFace(), -12.6), { dx: 320, dy: 240 }), FRAME).yaw, -0.3),
    'toward the image left: negative',
  );
  fc.assert(
    fc.property(fc.double({ min: -40, max: 40, noNaN: true }), fc.double({ min: 0.5, max: 3, noNaN: true }), (degrees, scale) =>
      close(measurePose(transform(turned, { degrees, scale, dx: 320, dy: 240 }), FRAME).yaw, 0.3, 1e-9),
    ),
  );
});

t.test('size follows the face, not its place or the frame’s resolution', async (t) => {
  const neutral = measurePose(transform(frontalFace(), { dx: 320, dy: 240 }), FRAME);
  const closer = measurePose(transform(frontalFace(), { scale: 1.3, dx: 200, dy: 260 }), FRAME);
  t.ok(close(movementFrom(neutral, closer).scale, 1.3), 'closer: 1.3');
  // The same view captured at 320 × 240: every landmark at half the coordinates.
  const smaller = measurePose(transform(frontalFace(), { scale: 0.5, dx: 160, dy: 120 }), { width: 320, height: 240 });
  t.ok(close(smaller.size, neutral.size), 'the same at half the resolution');
});

t.test('a movement is measured from the neutral frame', async (t) => {
  const neutral = measurePose(transform(frontalFace(), { degrees: 4, dx: 320, dy: 240 }), FRAME);
  const moved = measurePose(transform(noseShifted(frontalFace(), 8.4), { degrees: -16, scale: 0.8, dx: 300, dy: 230 }), FRAME);
  const movement = movementFrom(neutral, moved);
  t.ok(close(movement.roll, -20), 'tilt relative to the neutral tilt');
  t.ok(close(movement.yaw, 0.2), 'turn relative to the neutral turn');
  t.ok(close(movement.scale, 0.8), 'size relative to the neutral size');
});

t.test('a tilt across ±180° is the short way round', async (t) => {
  const movement = movementFrom({ roll: 179, yaw: 0, size: 0.1 }, { roll: -179, yaw: 0, size: 0.1 });
  t.ok(close(movement.roll, 2, 1e-9));
});
