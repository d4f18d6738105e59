import useSWR from 'swr';
import { apiPaths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/** One match as GET /match/matches/ answers it (server/modules/likes/likes.schemas.ts MatchItem). */
export interface MatchItem {
  match_id: number;
  /** The peer's profile id (what unlike takes). */
  id: number;
  /** The peer's user id. */
  user_id: number;
  username: string;
  age: number | null;
  /** Photo 1 matched a live face scan. */
  verified: boolean;
  photo1_url: string | null;
  photo2_url?: string | null;
  photo3_url?: string | null;
  photo4_url?: string | null;
  photo5_url?: string | null;
  /** The chat was unlocked with a credit. */
  has_chat_payment: boolean;
  /** The member's own chat-credit balance. */
  chats: number;
  created_at: string;
}

export interface MatchesResult {
  /** Newest first. */
  matches: MatchItem[];
}

/** The screen shows its own error state with Try again, so the shared error toast is off. */
export const getMatches = () => api.get<MatchesResult>(apiPaths.matches, { toastErrors: false });

/** The member's matches, keyed by URL: realtime pushes (match.created, chat.unlocked, chat.locked) revalidate this key. */
export function useMatches() {
  return useSWR<MatchesResult>(apiPaths.matches, getMatches);
}
