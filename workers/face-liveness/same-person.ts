/**
 * One person from start to finish. Every frame's face descriptor is compared with the neutral
 * frame's (the frontal view, the best-recognised one) rather than with the mean, which a
 * stand-in's frame would pull toward itself. The mean of all frames is what the scan hands on
 * (to compare with the member's photo 1): it averages out the pose of each frame.
 */
import { descriptorDistance } from '../vision/face-detector.ts';
import { SAME_PERSON_MAX_DISTANCE } from '../vision/face-identity.ts';

/**
 * Above this distance two frames are taken to show different people: the app's one same-person
 * bound, which the scan's own measurements agree with. On the test frames the same face stays
 * within 0.16 of its neutral frame when tilted up to 35°, moved closer or back, or re-encoded,
 * within 0.45 turned 40°, and within 0.48 as a flat print squeezed by a 60° turn; another person's
 * face is 0.69 or more away (docs/liveness.md).
 */
export const SAME_PERSON_DISTANCE = SAME_PERSON_MAX_DISTANCE;

/** The largest distance of any frame's descriptor from the first (neutral) frame's. */
export function farthestFromNeutral(descriptors: readonly Float32Array[]): number {
  return Math.max(0, ...descriptors.map((descriptor) => descriptorDistance(descriptors[0], descriptor)));
}

export function meanDescriptor(descriptors: readonly Float32Array[]): Float32Array {
  const mean = new Float32Array(descriptors[0].length);
  for (const descriptor of descriptors) {
    for (let i = 0; i < mean.length; i += 1) mean[i] += descriptor[i] / descriptors.length;
  }
  return mean;
}
