/**
 * The content checks `moderateImage` runs on a photo, built for one upload.
 *
 * API (for the photos.uploaded handler):
 *
 *   const vision = createVision();              // once per process; models load on first use
 *   const checks = createContentChecks(vision, { purpose, slot, scanDescriptor });
 *   const result = await moderateImage(bytes, { purpose, checks });
 *
 * - `createVision(): Vision` — the real adapters: `faces` (face-api, workers/vision/face-detector.ts)
 *   and `nudity` (nsfwjs, workers/vision/nudity-classifier.ts). Their models load lazily on the
 *   first photo, once per process (about two seconds together), then stay in memory.
 * - `createContentChecks(vision, context): ContentCheck[]` — for this photo, in order:
 *   1. nudity (profile and chat): refused when explicit in the photo and its mirror (`nudity`);
 *   2. face rules (profile only): a face must be found (`no_face`); photo 1 (`slot === 1`) must
 *      show exactly one person (`more_than_one_face`), and match `scanDescriptor` when one is
 *      given (`different_person`).
 *   `context.purpose` must be the purpose given to `moderateImage`.
 * - The result: a refusal is `{ status: 'rejected', code: 'moderation', reason, rule }`, where
 *   `reason` is the rule's wording from reasons.ts on profile photos and the default
 *   'Photo was rejected by moderation' on chat photos. Photo 1's approval carries
 *   `faceDescriptor` (128 numbers) to store for the "same face on two accounts" search. Compare
 *   stored descriptors with `descriptorDistance` against `DUPLICATE_FACE_MAX_DISTANCE` (0.45,
 *   strict: many accounts are compared), or `isSamePerson(a, b, max?)`; one-to-one comparisons
 *   use `SAME_PERSON_MAX_DISTANCE` (0.55). All re-exported here from workers/vision.
 * - A check that throws (a model failing to load, say) fails the job so that it is retried.
 *
 * The checks decode the photo once between them (the 1600 px derivative, scaled to 1024 px).
 */
import { ANALYSIS_SIDE, createFaceDetector, type FaceDetector } from '../vision/face-detector.ts';
import { createNudityClassifier, type NudityClassifier } from '../vision/nudity-classifier.ts';
import { decodeRaw, type RawImage } from '../vision/raw-image.ts';
import { faceRulesCheck } from './face-rules.ts';
import { nudityCheck } from './nudity-check.ts';
import type { CheckInput, ContentCheck, PhotoPurpose } from './pipeline.ts';

export { descriptorDistance, DUPLICATE_FACE_MAX_DISTANCE, isSamePerson, SAME_PERSON_MAX_DISTANCE } from '../vision/face-identity.ts';

export interface Vision {
  faces: FaceDetector;
  nudity: NudityClassifier;
}

export interface ContentCheckContext {
  purpose: PhotoPurpose;
  /** Position of a profile photo, 1 = the main photo; null for chat photos or when unknown. */
  slot: number | null;
  /** The member's liveness-scan face descriptor, if they have one. */
  scanDescriptor?: Float32Array | null;
}

export function createVision(): Vision {
  return { faces: createFaceDetector(), nudity: createNudityClassifier() };
}

/** One decode per photo, whichever check asks first. */
function sharedPixels(): (input: CheckInput) => Promise<RawImage> {
  const decoded = new WeakMap<Buffer, Promise<RawImage>>();
  return (input) => {
    let pixels = decoded.get(input.jpeg);
    if (!pixels) {
      pixels = decodeRaw(input.jpeg, ANALYSIS_SIDE);
      decoded.set(input.jpeg, pixels);
    }
    return pixels;
  };
}

export function createContentChecks(vision: Vision, context: ContentCheckContext): ContentCheck[] {
  const pixels = sharedPixels();
  const checks = [nudityCheck(vision.nudity, pixels)];
  if (context.purpose === 'profile') checks.push(faceRulesCheck(vision.faces, context, pixels));
  return checks;
}
