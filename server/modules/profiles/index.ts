/** The profiles module's public entry (the public profile shape lives in modules/members). */
export { PROFILE_SERVICE_MESSAGES } from './profiles.service.ts';
