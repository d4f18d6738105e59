/**
 * Which classifier readings are refused. Kept apart from the model so the rule can be tested
 * with any scores, including explicit ones no test image here provides. Evidence and limits:
 * docs/vision.md, "Nudity".
 *
 * Explicit means the model puts at least half its belief on Porn and Hentai together, in the
 * photo and in its mirror image alike: a one-sided reading is the model's noise, not the photo's
 * content (one ordinary photo read 0.92 one way and 0.37 mirrored; with both readings required,
 * no ordinary photo measured passed 0.37). The mirror is read only when the photo itself reaches
 * the bar, so an ordinary photo costs one reading.
 *
 * Sexy (revealing, not explicit) is never a reason on its own: a plain head-and-shoulders crop
 * of a man in a suit read 0.92 Sexy both ways, so the class cannot tell swimwear from a collar.
 */
import type { NudityClassifier, NudityScores } from './nudity-classifier.ts';
import type { ImageInput } from './raw-image.ts';

export const EXPLICIT_MIN_SCORE = 0.5;

/** Porn and Hentai together: the share of the model's belief on explicit content. */
export const explicitScore = (scores: NudityScores): number => scores.porn + scores.hentai;

/** The rule on two readings. */
export function isExplicit(original: NudityScores, mirrored: NudityScores): boolean {
  return Math.min(explicitScore(original), explicitScore(mirrored)) >= EXPLICIT_MIN_SCORE;
}

/** Reads the photo, and its mirror only when the photo alone reaches the bar. */
export async function readsExplicit(classifier: NudityClassifier, image: ImageInput): Promise<boolean> {
  const original = await classifier.classify(image);
  if (explicitScore(original) < EXPLICIT_MIN_SCORE) return false;
  return isExplicit(original, await classifier.classify(image, { mirrored: true }));
}
