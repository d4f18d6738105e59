import { paths } from '../../config/paths.ts';

export const COMPLETE_PROFILE_MESSAGE = 'Please complete your profile to continue';

const ALLOWED_WHILE_INCOMPLETE: readonly string[] = [paths.profileEdit, paths.home];

/** An incomplete profile may reach only /profile/edit and /home (a trailing slash is tolerated). */
export function isAllowedWhileIncomplete(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALLOWED_WHILE_INCOMPLETE.includes(trimmed);
}
