import sharp from 'sharp';
import t, { type Test } from 'tap';
import { LIVENESS_FAILURES, type LivenessFailureCode, type LivenessStepKind } from '../../server/contract/liveness.ts';
import { noise, solid } from '../test/generated-images.ts';
import { createFaceDetector, descriptorDistance } from '../vision/face-detector.ts';
import { analyzeScan, type ScanResult } from './scan-analysis.ts';
import { astronautFrame, otherPersonFrame, rememberingDetector, twoFacesFrame } from './test-frames.ts';

// Real inference throughout. The frames are the astronaut photo posed with 2D transforms
// (test-frames.ts); the measurements behind the poses chosen here are in docs/liveness.md.
const detector = createFaceDetector();

const frames = {
  neutral: await astronautFrame(),
  /** Back at neutral: the camera moved a little, so the bytes differ. */
  neutralAgain: await astronautFrame({ shift: 4 }),
  tiltLeft: await astronautFrame({ tilt: 20 }),
  tiltRight: await astronautFrame({ tilt: -20 }),
  closer: await astronautFrame({ scale: 1.3 }),
  farther: await astronautFrame({ scale: 0.77 }),
  turnLeft: await astronautFrame({ turn: 30 }),
  turnRight: await astronautFrame({ turn: -30 }),
};
const challenge: LivenessStepKind[] = ['tilt_left', 'closer', 'turn_right'];

function failed(t: Test, result: ScanResult, code: LivenessFailureCode) {
  t.same(result, { ok: false, code, reason: LIVENESS_FAILURES[code] }, code);
}

t.test('the face photo performing the challenge in order passes', async (t) => {
  const neutralFace = (await detector.detect(frames.neutral)).faces[0]; // also loads the models, outside the timing
  const scan = [frames.neutral, frames.tiltLeft, frames.neutralAgain, frames.closer, frames.turnRight];
  const started = performance.now();
  const result = await analyzeScan(scan, challenge, { detector });
  const elapsed = Math.round(performance.now() - started);
  if (!result.ok) throw new Error(`expected a pass, got ${JSON.stringify(result)}`);
  t.comment(`${scan.length} frames analysed in ${elapsed} ms, score ${result.score}`);
  t.ok(result.score >= 0.5 && result.score <= 1, `score ${result.score}`);
  t.equal(result.descriptor.length, 128);
  t.ok(descriptorDistance(result.descriptor, neutralFace.descriptor) < 0.2, 'the scan’s face is the photo’s face');
});

const remembering = rememberingDetector(detector);
const analyze = async (scan: Buffer[], steps = challenge) => {
  remembering.calls = 0;
  return analyzeScan(scan, steps, { detector: remembering });
};

t.test('every kind of step is recognised', async (t) => {
  const result = await analyze([frames.neutral, frames.tiltRight, frames.farther, frames.turnLeft], ['tilt_right', 'farther', 'turn_left']);
  t.ok(result.ok, JSON.stringify(result));
});

t.test('the same frame sent twice is a replay, refused before any detection', async (t) => {
  failed(t, await analyze([frames.neutral, frames.tiltLeft, frames.tiltLeft, frames.closer, frames.turnRight]), 'replayed_frames');
  failed(t, await analyze([frames.neutral, frames.neutral, frames.neutral, frames.neutral]), 'replayed_frames');
  t.equal(remembering.calls, 0);
});

t.test('one picture re-encoded into every frame shows no movement', async (t) => {
  const still = [
    frames.neutral,
    await astronautFrame({ quality: 60 }),
    await astronautFrame({ size: 400 }),
    await astronautFrame({ quality: 90 }),
  ];
  failed(t, await analyze(still), 'no_movement');
});

t.test('a frame without a face fails, and the frames after it are not analysed', async (t) => {
  const blank = await solid(480, 480, '#d8c0a8').jpeg().toBuffer();
  failed(t, await analyze([frames.neutral, frames.tiltLeft, blank, frames.closer, frames.turnRight]), 'no_face');
  t.equal(remembering.calls, 3, 'the neutral frame, the tilt, the blank frame');
});

t.test('two faces in a frame fail', async (t) => {
  failed(t, await analyze([frames.neutral, await twoFacesFrame(), frames.closer, frames.turnRight]), 'several_faces');
});

t.test('another person in one frame fails', async (t) => {
  failed(t, await analyze([frames.neutral, frames.tiltLeft, await otherPersonFrame(), frames.turnRight]), 'different_person');
});

t.test('the steps in the wrong order fail', async (t) => {
  failed(t, await analyze([frames.neutral, frames.closer, frames.tiltLeft, frames.turnRight]), 'wrong_order');
  failed(t, await analyze([frames.neutral, frames.tiltLeft, frames.turnRight, frames.closer]), 'wrong_order');
});

t.test('a step not done fails', async (t) => {
  failed(t, await analyze([frames.neutral, frames.tiltLeft, frames.neutralAgain, frames.closer]), 'step_missed');
  failed(t, await analyze([frames.neutral, frames.tiltLeft, frames.closer, frames.turnLeft]), 'step_missed');
});

t.test('a scan must start level and facing the camera', async (t) => {
  failed(t, await analyze([await astronautFrame({ tilt: 25 }), frames.neutral, frames.closer, frames.turnRight]), 'not_facing_camera');
});

t.test('too few or too many frames fail before any detection', async (t) => {
  failed(t, await analyze([frames.neutral, frames.tiltLeft, frames.closer]), 'incomplete_scan');
  const eight = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((shift) => astronautFrame({ shift })));
  failed(t, await analyze(eight), 'incomplete_scan');
  t.equal(remembering.calls, 0);
});

t.test('frames that are not small readable JPEGs fail before any detection', async (t) => {
  const jpeg = frames.tiltLeft;
  const unreadable: Record<string, Buffer> = {
    'a PNG': await sharp(jpeg).png().toBuffer(),
    'a JPEG cut short': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    'over the byte limit': await noise(1200, 1200).jpeg({ quality: 100 }).toBuffer(),
    'too small': await sharp(jpeg).resize(200, 200).jpeg().toBuffer(),
    'too large': await solid(1600, 1200).jpeg().toBuffer(),
    'not an image': Buffer.from('hello'),
  };
  for (const [what, frame] of Object.entries(unreadable)) {
    const result = await analyze([frames.neutral, frame, frames.closer, frames.turnRight]);
    t.same(result, { ok: false, code: 'unreadable_frame', reason: LIVENESS_FAILURES.unreadable_frame }, what);
  }
  t.equal(remembering.calls, 0);
});

t.test('a malformed challenge is the caller’s bug', async (t) => {
  await t.rejects(
    analyze([frames.neutral, frames.tiltLeft, frames.closer, frames.turnRight], ['tilt_left', 'tilt_left', 'closer']),
    TypeError,
  );
});
