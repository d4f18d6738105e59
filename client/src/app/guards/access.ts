import { paths } from '@/config/paths.ts';

export const COMPLETE_PROFILE_MESSAGE = 'Please complete your profile to continue';

/**
 * /profile/edit and /home, and the credits: buying credits does not depend on the profile (the
 * server sells to any member), and a newcomer may want them ready for the first match.
 */
const ALLOWED_WHILE_INCOMPLETE: readonly string[] = [paths.profileEdit, paths.home, paths.credits];

/** Whether an incomplete profile may reach `pathname` (a trailing slash is tolerated). */
export function isAllowedWhileIncomplete(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALLOWED_WHILE_INCOMPLETE.includes(trimmed);
}
