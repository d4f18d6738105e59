/**
 * When two face descriptors are the same person. Owned by liveness (the face identity of a
 * member) and offered through its entry, because the photo checks and the scan analysis (workers)
 * and the badge and two-accounts search (API and worker transactions) must all use the same numbers. From the distances measured in docs/vision.md,
 * "Same person": across 9 people, different people were never closer than 0.52 (p5 0.68);
 * other photos of one person were up to 0.58 apart at p95 (0.73 at most, for faces cut by the
 * frame), and crops, rescales and tilts of one photo up to 0.46 at p95.
 */

/**
 * One comparison, one expected person (photo 1 against the member's own face scan): a refusal
 * costs the member another upload, an acceptance lets a stranger's photo stand for them. At 0.55
 * no pair of different people measured was accepted; about 1 in 10 pairs of other photos of the
 * same person would be refused.
 */
export const SAME_PERSON_MAX_DISTANCE = 0.55;

/**
 * Searching many accounts for the same face: every comparison is another chance of a false
 * match, so the bar is stricter. At 0.45 the closest different people measured (0.52) are well
 * clear; re-uploads of the same photo (cropped, rescaled, tilted) are still found 94% of the
 * time, other photos of the same person about two times in three.
 */
export const DUPLICATE_FACE_MAX_DISTANCE = 0.45;

/** Euclidean distance between two descriptors: lower is more alike. */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`descriptors of different lengths (${a.length}, ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

export const isSamePerson = (a: ArrayLike<number>, b: ArrayLike<number>, maxDistance: number = SAME_PERSON_MAX_DISTANCE): boolean =>
  descriptorDistance(a, b) < maxDistance;
