import sharp from 'sharp';
import t, { type Test } from 'tap';
import type { ImageInput } from '../vision/raw-image.ts';
import { cropped, fixture, sideBySide, tilted } from '../vision/test-photos.ts';
import { type ContentCheckContext, createContentChecks, createVision, isSamePerson, type Vision } from './content-checks.ts';
import { moderateImage, type ModerationResult } from './pipeline.ts';
import { CONTENT_CHECK_REASONS, DEFAULT_MODERATION_REASON } from './reasons.ts';

// The real models, loaded once for the whole file.
const vision = createVision();
const astronaut = fixture('astronaut.jpg');
const camera = fixture('camera.png');
const cat = fixture('chelsea.jpg');

const moderate = (photo: Buffer, context: ContentCheckContext, using: Vision = vision) =>
  moderateImage(photo, { purpose: context.purpose, checks: createContentChecks(using, context) });

function approved(t: Test, result: ModerationResult, what: string) {
  if (result.status !== 'approved') throw new Error(`${what}: expected approval, got ${JSON.stringify(result)}`);
  t.pass(`${what}: approved`);
  return result;
}

const refusedAs = (rule: keyof typeof CONTENT_CHECK_REASONS, reason: string = CONTENT_CHECK_REASONS[rule]) => ({
  status: 'rejected',
  code: 'moderation',
  reason,
  rule,
});

/** The descriptor a face scan of this person would give (a frame is a photo to the detector). */
async function scanOf(photo: Buffer): Promise<Float32Array> {
  const analysis = await vision.faces.detect(photo);
  if (analysis.faces.length !== 1) throw new Error(`expected one face in the scan frame, found ${analysis.faces.length}`);
  return analysis.faces[0].descriptor;
}

t.test('profile photos: a face is required, whatever the slot', async (t) => {
  approved(t, await moderate(astronaut, { purpose: 'profile', slot: 2 }), 'a portrait in slot 2');
  approved(t, await moderate(camera, { purpose: 'profile', slot: 3 }), 'a grayscale portrait in slot 3');
  t.same(await moderate(cat, { purpose: 'profile', slot: 2 }), refusedAs('no_face'), 'a cat');
  t.same(await moderate(fixture('coffee.jpg'), { purpose: 'profile', slot: null }), refusedAs('no_face'), 'coffee, no slot yet');
});

t.test('chat photos have no face rule and never show a rule wording', async (t) => {
  approved(t, await moderate(cat, { purpose: 'chat', slot: null }), 'a cat in a chat');
  approved(t, await moderate(fixture('coffee.jpg'), { purpose: 'chat', slot: null }), 'coffee in a chat');
});

t.test('photo 1 shows exactly one person and hands back their face descriptor', async (t) => {
  // Two frontal faces (the second one mirrored): a group photo as photo 1.
  const pair = await sideBySide([await cropped(astronaut, 0.7), await cropped(await sharp(astronaut).flop().toBuffer(), 0.7)]);
  t.same(await moderate(pair, { purpose: 'profile', slot: 1 }), refusedAs('more_than_one_face'), 'two people in photo 1');
  approved(t, await moderate(pair, { purpose: 'profile', slot: 2 }), 'two people in photo 2');

  const result = approved(t, await moderate(astronaut, { purpose: 'profile', slot: 1 }), 'one person in photo 1');
  t.equal(result.faceDescriptor?.length, 128, 'descriptor of the face');
  const again = approved(t, await moderate(await tilted(astronaut, 20), { purpose: 'profile', slot: 1 }), 'the same person, tilted');
  t.ok(
    again.faceDescriptor && result.faceDescriptor && isSamePerson(again.faceDescriptor, result.faceDescriptor),
    'recognised as the same face (two accounts)',
  );
  const slot2 = approved(t, await moderate(astronaut, { purpose: 'profile', slot: 2 }), 'photo 2');
  t.equal(slot2.faceDescriptor, undefined, 'only photo 1 carries a descriptor');
});

t.test('photo 1 must be the person of the face scan', async (t) => {
  // The scan frame is another take of the same person: closer, tilted.
  const scan = await scanOf(await tilted(await cropped(astronaut, 0.7), -10));
  approved(t, await moderate(astronaut, { purpose: 'profile', slot: 1, scanDescriptor: scan }), 'the scanned person');
  t.same(await moderate(camera, { purpose: 'profile', slot: 1, scanDescriptor: scan }), refusedAs('different_person'), 'someone else');
  approved(t, await moderate(camera, { purpose: 'profile', slot: 2, scanDescriptor: scan }), 'someone else in photo 2 (not compared)');
  approved(t, await moderate(camera, { purpose: 'profile', slot: 1, scanDescriptor: null }), 'no scan yet');
});

t.test('explicit photos are refused in profiles and chats; the rule is applied before the face rules', async (t) => {
  // No explicit photo exists here: the classifier is replaced by one that reports what the
  // model would say of one. Everything else is real.
  const explicit: Vision = {
    faces: vision.faces,
    nudity: { classify: async () => ({ drawing: 0.01, hentai: 0.04, neutral: 0.05, porn: 0.85, sexy: 0.05 }) },
  };
  t.same(await moderate(astronaut, { purpose: 'profile', slot: 1 }, explicit), refusedAs('nudity'), 'profile');
  t.same(await moderate(cat, { purpose: 'profile', slot: 2 }, explicit), refusedAs('nudity'), 'reported as nudity, not as a missing face');
  t.same(
    await moderate(astronaut, { purpose: 'chat', slot: null }, explicit),
    refusedAs('nudity', DEFAULT_MODERATION_REASON),
    'chat: the default wording',
  );
});

t.test('the checks decode the photo once between them', async (t) => {
  const seen: ImageInput[] = [];
  const recording: Vision = {
    faces: { detect: vision.faces.detect, findFaces: (image) => (seen.push(image), vision.faces.findFaces(image)) },
    nudity: { classify: (image) => (seen.push(image), vision.nudity.classify(image)) },
  };
  approved(t, await moderate(astronaut, { purpose: 'profile', slot: 1 }, recording), 'portrait');
  t.equal(seen.length, 2);
  t.equal(seen[0], seen[1], 'the same decoded pixels');
  t.notOk(Buffer.isBuffer(seen[0]), 'pixels, not the file');
});

t.test('a check that fails (a model that cannot load) fails the job so that it is retried', async (t) => {
  const broken: Vision = { faces: vision.faces, nudity: { classify: async () => Promise.reject(new Error('model missing')) } };
  await t.rejects(moderate(astronaut, { purpose: 'profile', slot: 1 }, broken), { message: 'model missing' });
});
