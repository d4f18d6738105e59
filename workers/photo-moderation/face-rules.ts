/**
 * The face rules of profile photos:
 * - every profile photo shows a face;
 * - photo 1 shows exactly one face, and when the member has a face scan, it is the scan's face.
 * Chat photos have no face rule. Photo 1's face descriptor is handed back on approval so the
 * handler can look for the same face on other accounts.
 */
import type { FaceDetector, FoundFace } from '../vision/face-detector.ts';
import { isSamePerson } from '../vision/face-identity.ts';
import type { RawImage } from '../vision/raw-image.ts';
import type { CheckInput, ContentCheck } from './pipeline.ts';
import { refusal } from './refusal.ts';

export interface FaceRulesContext {
  /** Position of the photo in the profile, 1 = the main photo; null when it has none yet. */
  slot: number | null;
  /** The member's face-scan descriptor, to which photo 1 must match (when there is one). */
  scanDescriptor?: Float32Array | null;
}

/**
 * A face narrower than this share of the largest one is a passer-by in the background, not a
 * second subject: it does not make photo 1 a group photo (docs/vision.md, "Counting faces").
 */
export const BACKGROUND_FACE_RATIO = 1 / 3;

/** The faces that count as subjects of the photo: all but small background faces. */
export function subjects(faces: readonly FoundFace[]): FoundFace[] {
  const widest = Math.max(0, ...faces.map((face) => face.box.width));
  return faces.filter((face) => face.box.width >= widest * BACKGROUND_FACE_RATIO);
}

export function faceRulesCheck(
  faces: FaceDetector,
  context: FaceRulesContext,
  pixels: (input: CheckInput) => Promise<RawImage>,
): ContentCheck {
  return async (input) => {
    const search = await faces.findFaces(await pixels(input));
    if (search.faces.length === 0) return refusal('no_face');
    if (context.slot !== 1) return { ok: true };
    const people = subjects(search.faces);
    if (people.length > 1) return refusal('more_than_one_face');
    const { descriptor } = await search.describe(people[0]);
    if (context.scanDescriptor && !isSamePerson(descriptor, context.scanDescriptor)) return refusal('different_person');
    return { ok: true, faceDescriptor: descriptor };
  };
}
