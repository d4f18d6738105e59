/**
 * The member's matches (GET /match/matches/), read by two features: the matches screen lists them
 * and the chat finds its match among them. One SWR key, so an unlike, an unlock or a realtime push
 * (match.created, match.removed, chat.unlocked, chat.locked) refreshes both at once.
 */
import useSWR from 'swr';
import { apiPaths } from '../config/paths.ts';
import { api } from './api-client.ts';

/** What the list shows of a chat's newest message (a preview: at most 100 characters of text). */
export interface LastMessage {
  id: number;
  from_me: boolean;
  text: string;
  has_photo: boolean;
  sent_at: string;
}

/** One match as the server answers it (server/modules/likes/likes.schemas.ts MatchItem). */
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
  /** The newest message I can see; null while the chat is locked, empty or cleared by me. */
  last_message: LastMessage | null;
  /** The peer's messages I have not read, counted up to 100 (0 while locked). */
  unread_count: number;
  /** The newest of: the match, its unlock, its newest message. The list is in this order. */
  last_activity_at: string;
  /** Not in the list today; the chat reads them from the peer's profile when missing. */
  home_city?: string | null;
  home_state?: string | null;
}

export interface MatchesResult {
  /** Latest activity first. */
  matches: MatchItem[];
}

/** Both screens show their own error state with Try again, so the shared error toast is off. */
export const getMatches = () => api.get<MatchesResult>(apiPaths.matches, { toastErrors: false });

/** The member's matches, keyed by URL. */
export function useMatches() {
  return useSWR<MatchesResult>(apiPaths.matches, getMatches);
}

/** There is no single-match read: the chat finds its match in the list. */
export const findMatch = (result: MatchesResult | undefined, matchId: number | string): MatchItem | undefined =>
  result?.matches.find((match) => String(match.match_id) === String(matchId));

/** The list without one match (it ended: unmatched, blocked, deleted). */
export const withoutMatch = (result: MatchesResult, matchId: number): MatchesResult => ({
  ...result,
  matches: result.matches.filter((match) => match.match_id !== matchId),
});

/** The list with one chat read up to its newest message: its unread count is 0 at once. */
export const withChatRead = (result: MatchesResult, matchId: number): MatchesResult => ({
  ...result,
  matches: result.matches.map((match) => (match.match_id === matchId && match.unread_count !== 0 ? { ...match, unread_count: 0 } : match)),
});
