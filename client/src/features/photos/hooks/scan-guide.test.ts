import t from 'tap';
import { LIVENESS_STEP_PROMPTS, type LivenessStepKind } from '@contract/liveness.ts';
import type { Point } from '@contract/liveness-pose.ts';
import type { FaceReading } from '../face-reader/face-reader.ts';
import { createScanGuide, NUDGE_AFTER_MS, SCAN_HINTS, SCAN_NUDGES } from './scan-guide.ts';

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
    x: 160 + scale * (x * Math.cos(a) - y * Math.sin(a)),
    y: 120 + scale * (x * Math.sin(a) + y * Math.cos(a)),
  }));
}

const box = { x: 100, y: 60, width: 120, height: 120 };
const reading = (pose: Parameters<typeof face>[0] = {}): FaceReading => ({
  width: 320,
  height: 240,
  faces: [{ landmarks: face(pose), box }],
});
const nobody: FaceReading = { width: 320, height: 240, faces: [] };
const challenge: LivenessStepKind[] = ['turn_left', 'tilt_right', 'closer'];
const session = {
  baselinePrompt: 'Look straight at the camera',
  challenge: challenge.map((step) => ({ step, prompt: LIVENESS_STEP_PROMPTS[step] })),
};

t.test('a member who follows the prompts: the neutral picture, then one per step', async (t) => {
  const guide = createScanGuide(session, 0);
  t.same(guide.view(), { prompt: 'Look straight at the camera', step: 0, steps: 3, hint: null, nudge: null });
  t.same(guide.next(reading(), 100), { keep: false, done: false }, 'one reading is not yet holding still');
  t.same(guide.next(reading(), 200), { keep: true, done: false }, 'two that agree: the neutral picture');
  t.equal(guide.view().prompt, LIVENESS_STEP_PROMPTS.turn_left);
  t.equal(guide.view().step, 1);
  t.same(guide.next(reading({ noseShift: 5 }), 300), { keep: false, done: false }, 'a small turn is not yet the step');
  t.same(guide.next(reading({ noseShift: 12 }), 400), { keep: true, done: false }, 'a clear turn is');
  t.equal(guide.view().prompt, LIVENESS_STEP_PROMPTS.tilt_right);
  t.same(guide.next(reading({ roll: -20 }), 500), { keep: true, done: false });
  t.same(guide.next(reading({ scale: 1.35 }), 600), { keep: true, done: true }, 'the last step ends the guidance');
});

t.test('a member who holds still at a step is nudged after five seconds, not before', async (t) => {
  const guide = createScanGuide(session, 0);
  guide.next(reading(), 100);
  guide.next(reading(), 200);
  guide.next(reading(), 200 + NUDGE_AFTER_MS - 1);
  t.equal(guide.view().nudge, null, 'not before the delay');
  guide.next(reading(), 200 + NUDGE_AFTER_MS);
  t.equal(guide.view().nudge, SCAN_NUDGES.turn, 'Turn a little more');
  t.equal(SCAN_NUDGES.turn, 'Turn a little more');
  guide.next(reading({ noseShift: 12 }), 6000);
  t.equal(guide.view().nudge, null, 'progress clears it');
  guide.next(reading(), 6000 + NUDGE_AFTER_MS);
  t.equal(guide.view().nudge, SCAN_NUDGES.tilt, 'and the delay starts again from the new prompt');
});

t.test('a member who keeps moving is asked to hold still for the neutral picture', async (t) => {
  const guide = createScanGuide(session, 0);
  let now = 0;
  for (let i = 0; now < NUDGE_AFTER_MS; i += 1) {
    now += 250;
    guide.next(reading({ scale: i % 2 === 0 ? 1 : 1.1 }), now);
  }
  t.equal(guide.view().step, 0, 'no neutral picture from readings that disagree');
  t.equal(guide.view().nudge, SCAN_NUDGES.holdStill);
  t.equal(SCAN_NUDGES.holdStill, 'Hold still');
});

t.test('a problem with the picture is said as a hint; only no face at all gets the light nudge on top', async (t) => {
  const guide = createScanGuide(session, 0);
  guide.next(nobody, NUDGE_AFTER_MS + 1);
  t.same([guide.view().hint, guide.view().nudge], [SCAN_HINTS.noFace, SCAN_NUDGES.noFace], 'no face for the whole wait');
  t.equal(SCAN_NUDGES.noFace, 'Make sure your face is well lit and inside the oval');
  guide.next(null, NUDGE_AFTER_MS + 2);
  t.equal(guide.view().hint, SCAN_HINTS.noFace, 'a failed reading is no face too');
  guide.next({ ...nobody, faces: [reading().faces[0], reading().faces[0]] }, NUDGE_AFTER_MS + 3);
  t.same([guide.view().hint, guide.view().nudge], [SCAN_HINTS.severalFaces, null]);
  guide.next(reading({ roll: 20 }), NUDGE_AFTER_MS + 4);
  t.same([guide.view().hint, guide.view().nudge], [SCAN_HINTS.notNeutral, null], 'a crooked start is told to look straight');
  guide.next(reading(), NUDGE_AFTER_MS + 5);
  t.same([guide.view().hint, guide.view().nudge], [null, SCAN_NUDGES.holdStill], 'the hint goes once the face is right');
});

t.test('no face before the wait is over: the hint only', async (t) => {
  const guide = createScanGuide(session, 0);
  guide.next(nobody, NUDGE_AFTER_MS - 1);
  t.same([guide.view().hint, guide.view().nudge], [SCAN_HINTS.noFace, null]);
});

t.test('a nudge falls due on time even when no reading comes back', async (t) => {
  const guide = createScanGuide(session, 0);
  t.equal(guide.tick(NUDGE_AFTER_MS - 1), false, 'nothing before the delay');
  t.equal(guide.tick(NUDGE_AFTER_MS), true, 'no reading at all: the light nudge');
  t.equal(guide.view().nudge, SCAN_NUDGES.noFace);
  t.equal(guide.tick(NUDGE_AFTER_MS + 500), false, 'said once, not again');

  const still = createScanGuide(session, 0);
  still.next(reading(), 100);
  still.next(reading(), 200);
  t.equal(still.view().step, 1, 'at the first step');
  t.equal(still.tick(200 + NUDGE_AFTER_MS - 1), false);
  t.equal(still.tick(200 + NUDGE_AFTER_MS), true, 'the step waited long enough, reading or not');
  t.equal(still.view().nudge, SCAN_NUDGES.turn, "the step's own nudge");

  const crowded = createScanGuide(session, 0);
  crowded.next({ ...nobody, faces: [reading().faces[0], reading().faces[0]] }, 100);
  t.equal(crowded.tick(NUDGE_AFTER_MS), false, 'a specific hint is not talked over');
});
