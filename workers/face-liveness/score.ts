/**
 * A passing scan's confidence, 0.5 to 1: as strong as its weakest evidence. Each part is 0.5 at
 * the edge of passing and 1 when it is clear: steps done to twice their threshold, a face that
 * stayed well within the same-person distance, a detector sure of every face. The handler or a
 * reviewer can hold borderline scans (near 0.5) to a second look.
 */
import { SAME_PERSON_DISTANCE } from './same-person.ts';

export interface ScoreParts {
  /** Per challenge step, its strongest frame (1 = at the threshold). */
  stepStrengths: readonly number[];
  /** The farthest descriptor from the neutral frame's. */
  farthestDistance: number;
  /** The lowest detector confidence over the frames. */
  lowestConfidence: number;
}

export function scanScore({ stepStrengths, farthestDistance, lowestConfidence }: ScoreParts): number {
  const movement = Math.min(...stepStrengths.map((strength) => Math.min(1, strength / 2)));
  const identity = 1 - farthestDistance / (2 * SAME_PERSON_DISTANCE);
  const score = Math.max(0, Math.min(1, movement, identity, lowestConfidence));
  return Math.round(score * 1000) / 1000;
}
