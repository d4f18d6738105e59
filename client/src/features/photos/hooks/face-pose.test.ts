import t from 'tap';
import { measurePose, movementFrom, type Point } from '@contract/liveness-pose.ts';
import { isNeutral, showsStep } from './face-pose.ts';

/** A schematic 68-point face: only the points the measures read are placed, the rest at the centre. */
function face({ roll = 0, noseShift = 0, scale = 1 }: { roll?: number; noseShift?: number; scale?: number }): Point[] {
  const points: Point[] = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
  const place = (i: number, x: number, y: number) => (points[i] = { x, y });
  for (const i of [36, 37, 38, 39, 40, 41]) place(i, -30, -20);
  for (const i of [42, 43, 44, 45, 46, 47]) place(i, 30, -20);
  place(36, -45, -20);
  place(45, 45, -20);
  place(30, noseShift, 5);
  place(48, -20, 30);
  place(54, 20, 30);
  const a = (roll * Math.PI) / 180;
  return points.map(({ x, y }) => ({
    x: 240 + scale * (x * Math.cos(a) - y * Math.sin(a)),
    y: 240 + scale * (x * Math.sin(a) + y * Math.cos(a)),
  }));
}

const frame = { width: 480, height: 480 };

t.test('each movement reads as its own step, and only when clearly past its threshold', async (t) => {
  const neutral = measurePose(face({}), frame);
  t.ok(isNeutral(neutral), 'a level, frontal face can be the neutral frame');
  t.notOk(isNeutral(measurePose(face({ roll: 20 }), frame)), 'a tilted one cannot');
  const moved = (pose: Parameters<typeof face>[0]) => movementFrom(neutral, measurePose(face(pose), frame));
  t.ok(showsStep('tilt_left', moved({ roll: 20 })), 'clockwise on the image is the member tilting left');
  t.ok(showsStep('tilt_right', moved({ roll: -20 })));
  t.notOk(showsStep('tilt_left', moved({ roll: 13 })), 'just past the 12° threshold is not enough to capture');
  t.ok(showsStep('turn_left', moved({ noseShift: 12 })), 'the nose toward the image right is a turn to the left');
  t.ok(showsStep('turn_right', moved({ noseShift: -12 })));
  t.ok(showsStep('closer', moved({ scale: 1.35 })));
  t.ok(showsStep('farther', moved({ scale: 0.74 })));
  t.notOk(
    showsStep('closer', moved({ roll: 20, scale: 1.3 })) && showsStep('tilt_left', moved({ roll: 20, scale: 1.3 })),
    'one step per frame',
  );
});
