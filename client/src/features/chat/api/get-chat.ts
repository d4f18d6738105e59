import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface ChatMessage {
  /** Increases with every message of the chat. */
  id: number;
  /** The sender's profile id. */
  fromProfileId: number;
  /** Trimmed text; '' for a photo without a caption. */
  message: string;
  createdAt: string;
  /** Signed, same-origin URLs of a shared photo (null without one); they expire within two hours. */
  photo_thumbnail_url: string | null;
  photo_url: string | null;
}

export interface ChatPage {
  /** False: the chat is locked and the page carries no messages. */
  chat_unlocked: boolean;
  /** Oldest first. */
  messages: ChatMessage[];
  /** More beyond this page in the direction read: older (no cursor, before_id) or newer (after_id). */
  has_more: boolean;
  /** The newest message the peer has read (0: none yet); null when receipts are off or the chat is locked. */
  peer_last_read_message_id: number | null;
}

export interface ChatQuery {
  after_id?: number;
  before_id?: number;
  limit?: number;
}

/**
 * A page of the chat of match `matchId`. The screen words every failure itself (404 is the
 * 'not found' view, a failed poll is retried on the next tick), so the shared error toast is off.
 */
export const getChat = (matchId: string | number, query: ChatQuery = {}) =>
  api.get<ChatPage>(apiPaths.chat(matchId), { query: { ...query }, toastErrors: false });

/** The newest page, keyed by the chat's URL; older and newer pages are merged into it by the screen. */
export function useChat(matchId: string | undefined) {
  return useSWR<ChatPage>(matchId ? apiPaths.chat(matchId) : null, () => getChat(matchId as string));
}
