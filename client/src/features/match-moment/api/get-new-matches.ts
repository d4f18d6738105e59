import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** A match whose moment I have not seen yet (server/modules/likes/likes.schemas.ts NewMatch). */
export interface NewMatch {
  match_id: number;
  /** The peer's profile id. */
  id: number;
  user_id: number;
  username: string;
  age: number | null;
  verified: boolean;
  photo1_url: string | null;
  created_at: string;
}

export interface NewMatchesResult {
  /** Newest first. */
  new_matches: NewMatch[];
}

/** Nothing to say when it fails (an incomplete profile, a network drop): the next check asks again. */
export const getNewMatches = () => api.get<NewMatchesResult>(apiPaths.newMatches, { toastErrors: false });

/**
 * My unseen matches, keyed by URL; asked for only once `enabled` (after the first screen is up),
 * and again whenever the caller revalidates (a match push, a reconnect).
 */
export function useNewMatches(enabled: boolean) {
  return useSWR<NewMatchesResult>(enabled ? apiPaths.newMatches : null, getNewMatches, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
