import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/**
 * Marks a match's moment seen, on every device of mine. A 404 means the match ended meanwhile:
 * nothing left to mark, so no message either.
 */
export const markMatchSeen = (matchId: number) =>
  api.post<{ detail: string }>(apiPaths.matchSeen(matchId), undefined, { toastErrors: false });
