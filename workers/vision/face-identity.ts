/** Face identity rules live in the kernel, shared with the API's verification; re-exported for the vision code. */
export { descriptorDistance, DUPLICATE_FACE_MAX_DISTANCE, isSamePerson, SAME_PERSON_MAX_DISTANCE } from '../../server/kernel/face-identity.ts';
