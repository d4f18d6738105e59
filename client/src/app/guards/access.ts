import { paths } from '@/config/paths.ts';

export const COMPLETE_PROFILE_MESSAGE = 'Please complete your profile to continue';

/**
 * /profile/edit and /home, and the credits: buying credits does not depend on the profile (the
 * server sells to any member), and a newcomer may want them ready for the first match.
 */
const ALLOWED_WHILE_INCOMPLETE: readonly string[] = [paths.profileEdit, paths.home, paths.credits];

/**
 * The moderators' area is work, not dating: a moderator's own profile has no bearing on it. And
 * for anyone else it must behave as an unknown URL does (which goes to /home, open to an
 * incomplete profile), not send them to /profile/edit with a toast and so show it is there.
 */
const isModerationArea = (path: string) => path === paths.moderation || path.startsWith(`${paths.moderation}/`);

/** Whether an incomplete profile may reach `pathname` (a trailing slash is tolerated). */
export function isAllowedWhileIncomplete(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALLOWED_WHILE_INCOMPLETE.includes(trimmed) || isModerationArea(trimmed);
}
