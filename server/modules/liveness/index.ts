/**
 * The liveness module's public entry: the face-scan state machine (sessions opened and submitted
 * by its routes, the verdict the face-liveness worker records), which scan may be bound to a
 * photo 1 upload, the face identity numbers, and the member's face print and verified badge.
 */
import { LIVENESS_MESSAGES } from './liveness.rules.ts';

export { LIVENESS_MESSAGES };
export const LIVENESS_ONLY_PHOTO_1 = LIVENESS_MESSAGES.onlyPhoto1;
export { bindableScan } from './scan-binding.service.ts';
export * as scanRecords from './scan-records.ts';
export { descriptorDistance, DUPLICATE_FACE_MAX_DISTANCE, isSamePerson, SAME_PERSON_MAX_DISTANCE } from './face-identity.ts';
export {
  clearVerification,
  type FaceReviewOutcome,
  passedScanDescriptor,
  type PhotoOneVerification,
  recordVerifiedFace,
  settleFaceReview,
  type VerificationOutcome,
  verifyPhotoOne,
} from './face-prints.ts';
