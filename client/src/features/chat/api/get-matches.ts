import useSWR from 'swr';
import { apiPaths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/** A match as the matches list shows it: the peer's card. */
export interface MatchItem {
  match_id: number;
  /** The peer's profile id. */
  id: number;
  /** The peer's user id. */
  user_id: number;
  username: string;
  age: number | null;
  verified: boolean;
  photo1_url: string | null;
  has_chat_payment: boolean;
  /** My own chat-credit balance. */
  chats: number;
  created_at: string;
  /** Not in the list today; read from the peer's profile when missing. */
  home_city?: string | null;
  home_state?: string | null;
}

export interface MatchesResult {
  matches: MatchItem[];
}

export const getMatches = () => api.get<MatchesResult>(apiPaths.matches, { toastErrors: false });

/** The matches list, keyed by its URL (the same cache entry as the matches screen's). */
export function useMatches() {
  return useSWR<MatchesResult>(apiPaths.matches, getMatches);
}

/** There is no single-match read: the chat finds its match in the list. */
export const findMatch = (result: MatchesResult | undefined, matchId: number | string): MatchItem | undefined =>
  result?.matches.find((match) => String(match.match_id) === String(matchId));
