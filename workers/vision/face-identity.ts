/** The face identity numbers are the liveness module's, shared with the API's verification; re-exported for the vision code. */
export {
  descriptorDistance,
  DUPLICATE_FACE_MAX_DISTANCE,
  isSamePerson,
  SAME_PERSON_MAX_DISTANCE,
} from '../../server/modules/liveness/index.ts';
