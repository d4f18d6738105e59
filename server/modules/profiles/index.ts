/**
 * The profiles module's public entry (the public profile shape lives in modules/members): its
 * service messages, and the stored completeness flag that whatever writes a required field
 * (uploads: photo 1 approved or deleted) recomputes in its own transaction.
 */
export { PROFILE_SERVICE_MESSAGES } from './profiles.service.ts';
export { syncCompleteness } from './profile-completeness.ts';
