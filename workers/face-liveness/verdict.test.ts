import t from 'tap';
import { LIVENESS_FAILURES, type LivenessStepKind } from '../../server/contract/liveness.ts';
import { measurePose } from '../../server/contract/liveness-pose.ts';
import { landmarkMotion, STILL_MOTION } from './replay.ts';
import { farthestFromNeutral, meanDescriptor } from './same-person.ts';
import { scanScore } from './score.ts';
import { frontalFace, noseShifted, transform } from './test-landmarks.ts';
import { judgeFrames, type ObservedFrame } from './verdict.ts';

const FRAME = { width: 480, height: 480 };

/** A descriptor whose every value is `value`: two of them are |a - b| × √128 apart. */
const descriptor = (value: number) => new Float32Array(128).fill(value);

function observed(landmarks = transform(frontalFace(), { dx: 240, dy: 220 }), value = 0.1, confidence = 0.99): ObservedFrame {
  return { pose: measurePose(landmarks, FRAME), landmarks, side: 480, descriptor: descriptor(value), confidence };
}

const neutral = () => observed();
const tiltedLeft = (degrees = 24) => observed(transform(frontalFace(), { degrees, dx: 240, dy: 220 }));
const closer = (scale = 1.44) => observed(transform(frontalFace(), { scale, dx: 240, dy: 220 }));
// 0.3 of the outer corners' half distance (42), toward the image left: the member's right.
const turnedRight = (ratio = 0.3) => observed(transform(noseShifted(frontalFace(), -42 * ratio), { dx: 240, dy: 220 }));

const challenge: LivenessStepKind[] = ['tilt_left', 'closer', 'turn_right'];

t.test('the challenge done clearly passes with a full score and the mean face', async (t) => {
  const frames = [neutral(), tiltedLeft(), { ...closer(), descriptor: descriptor(0.101) }, turnedRight()];
  const result = judgeFrames(frames, challenge);
  if (!result.ok) throw new Error(`expected a pass, got ${JSON.stringify(result)}`);
  t.ok(result.score > 0.9, `score ${result.score}`);
  t.ok(Math.abs(result.descriptor[0] - 0.10025) < 1e-6, 'the mean of the frames’ descriptors');
  t.equal(result.descriptor.length, 128);
});

t.test('a pass at the thresholds scores 0.5', async (t) => {
  const frames = [neutral(), tiltedLeft(12.001), closer(1.2001), turnedRight(0.15001)];
  const result = judgeFrames(frames, challenge);
  t.ok(result.ok && Math.abs(result.score - 0.5) < 0.01, JSON.stringify(result.ok && result.score));
});

t.test('the failures a verdict can give', async (t) => {
  t.same(judgeFrames([neutral(), neutral(), neutral(), neutral()], challenge), {
    ok: false,
    code: 'no_movement',
    reason: LIVENESS_FAILURES.no_movement,
  });
  t.same(judgeFrames([neutral(), closer(), tiltedLeft(), turnedRight()], challenge), {
    ok: false,
    code: 'wrong_order',
    reason: LIVENESS_FAILURES.wrong_order,
  });
  t.same(judgeFrames([neutral(), tiltedLeft(), closer(), neutral()], challenge), {
    ok: false,
    code: 'step_missed',
    reason: LIVENESS_FAILURES.step_missed,
  });
  t.same(
    judgeFrames([neutral(), tiltedLeft(10), closer(), turnedRight()], challenge),
    { ok: false, code: 'step_missed', reason: LIVENESS_FAILURES.step_missed },
    'a tilt short of the threshold',
  );
});

t.test('stillness is measured in fractions of the frame', async (t) => {
  const a = { landmarks: transform(frontalFace(), { dx: 240, dy: 220 }), side: 480 };
  const shifted = { landmarks: transform(frontalFace(), { dx: 240 + 480 * STILL_MOTION, dy: 220 }), side: 480 };
  t.ok(Math.abs(landmarkMotion(a, shifted) - STILL_MOTION) < 1e-9, 'a shift of 1% of the side is a motion of 0.01');
  const resized = { landmarks: transform(frontalFace(), { scale: 2, dx: 480, dy: 440 }), side: 960 };
  t.ok(landmarkMotion(a, resized) < 1e-9, 'the same view at twice the resolution did not move');
});

t.test('identity: the farthest frame from the neutral one, and the mean', async (t) => {
  t.ok(Math.abs(farthestFromNeutral([descriptor(0), descriptor(0.01), descriptor(-0.03)]) - 0.03 * Math.sqrt(128)) < 1e-6);
  t.same([...meanDescriptor([descriptor(1), descriptor(2), descriptor(6)]).slice(0, 2)], [3, 3]);
});

t.test('the score is the weakest evidence', async (t) => {
  t.equal(scanScore({ stepStrengths: [2, 3, 4], farthestDistance: 0, lowestConfidence: 1 }), 1);
  t.equal(scanScore({ stepStrengths: [1, 3, 4], farthestDistance: 0, lowestConfidence: 1 }), 0.5, 'one step at its threshold');
  t.equal(scanScore({ stepStrengths: [2, 2, 2], farthestDistance: 0.55, lowestConfidence: 1 }), 0.5, 'at the same-person limit');
  t.equal(scanScore({ stepStrengths: [2, 2, 2], farthestDistance: 0.11, lowestConfidence: 0.7 }), 0.7, 'an unsure detection');
});
