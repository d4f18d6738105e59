/** The profiles module's public entry: the public profile shape other modules show. */
export { PublicProfileResponse } from './profiles.schemas.ts';
export { PROFILE_SERVICE_MESSAGES, syncCompleteness, toPublicProfile } from './profiles.service.ts';
