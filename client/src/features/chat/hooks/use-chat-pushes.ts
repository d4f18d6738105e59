import { type Dispatch, type RefObject, useEffect, useRef } from 'react';
import type { KeyedMutator } from 'swr';
import { useRealtimeEvent, useRealtimeStatus } from '@/lib/realtime.tsx';
import type { ChatMessage, ChatPage } from '../api/get-chat.ts';
import { type ChatAction, POLL_MS } from './chat-state.ts';

interface Options {
  match: number;
  peerUserId: number | undefined;
  /** The newest page, undefined until it is in. */
  loaded: ChatPage | undefined;
  unlocked: boolean;
  messagesRef: RefObject<ChatMessage[]>;
  dispatch: Dispatch<ChatAction>;
  reloadChat: KeyedMutator<ChatPage>;
  fetchNewer: () => Promise<void>;
}

/**
 * What keeps an open chat current: the pushes for this match (`chat.message` fetches what is
 * new, `chat.read` moves 'Seen', `chat.unlocked` and `chat.locked` reload the page), a catch-up
 * when the socket opens again after a drop, and a poll every POLL_MS only while it is not open.
 */
export function useChatPushes({ match, peerUserId, loaded, unlocked, messagesRef, dispatch, reloadChat, fetchNewer }: Options) {
  const status = useRealtimeStatus();

  useRealtimeEvent('chat.message', (data) => {
    if (data.matchId !== match) return;
    if (messagesRef.current.some((message) => message.id === data.messageId)) return;
    void fetchNewer();
  });
  useRealtimeEvent('chat.read', (data) => {
    if (data.matchId !== match) return;
    if (peerUserId !== undefined && data.readerUserId !== peerUserId) return;
    dispatch({ type: 'read', lastReadMessageId: data.lastReadMessageId });
  });
  useRealtimeEvent('chat.unlocked', (data) => {
    if (data.matchId === match) void reloadChat();
  });
  useRealtimeEvent('chat.locked', (data) => {
    if (data.matchId !== match) return;
    dispatch({ type: 'reset' });
    void reloadChat((current) =>
      current ? { ...current, chat_unlocked: false, messages: [], has_more: false, peer_last_read_message_id: null } : current,
    );
  });

  // Back online after a drop: catch up on what was missed, including the lock state.
  const previousStatus = useRef(status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (status === 'open' && was !== 'open' && loaded) void reloadChat().then(() => (unlocked ? fetchNewer() : undefined));
  }, [status, loaded, reloadChat, fetchNewer, unlocked]);

  // The fallback poll: only an open chat, only while the socket is not open.
  useEffect(() => {
    if (!unlocked || status === 'open') return;
    const timer = setInterval(() => void fetchNewer(), POLL_MS);
    return () => clearInterval(timer);
  }, [unlocked, status, fetchNewer]);
}
