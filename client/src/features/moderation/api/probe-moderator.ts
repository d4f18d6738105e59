import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-errors.ts';

export type ModeratorAccess = 'moderator' | 'not-moderator';

/**
 * The signed-in member's own answer carries no role, so the area asks the smallest moderators-only
 * read there is: one item of the queue. The server answers 404 (as to an unknown route) to anyone
 * who is not a moderator; that is "not a moderator", not a failure, so no toast. Any other failure
 * (no answer, a 5xx) is thrown, for the guard to offer a retry.
 */
export async function probeModerator(key: string): Promise<ModeratorAccess> {
  try {
    await api.get(key, { toastErrors: false });
    return 'moderator';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'not-moderator';
    throw error;
  }
}

const PROBE_KEY = `${apiPaths.moderationQueue}?limit=1`;

/** Asked once per visit to the area; kept while the moderator moves between its screens. */
export function useModeratorAccess() {
  return useSWR<ModeratorAccess>(PROBE_KEY, probeModerator, { revalidateIfStale: false });
}
