import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '@/lib/api-errors.ts';
import { type ChatMessage, type ChatPage, useChat } from '../api/get-chat.ts';
import { chatReducer, initialChatState } from './chat-state.ts';
import { useNewerMessages, useOlderMessages } from './use-chat-pages.ts';
import { useChatPushes } from './use-chat-pushes.ts';

export interface ChatPeer {
  profileId?: number;
  userId?: number;
}

/**
 * The messages of one chat: the newest page (SWR, keyed by the chat's URL) with older pages
 * (`before_id`) and newer ones (`after_id`) merged in. New messages come through the WebSocket
 * (`chat.message` for this match -> fetch after the newest id); only while the socket is not
 * open does an open chat poll every POLL_MS. A locked chat never polls. `chat.unlocked` and
 * `chat.locked` reload the page (so the lock follows the peer's actions live), `chat.read` moves
 * the peer's read position. Mount it with `key={matchId}`: the state belongs to one chat.
 */
export function useChatMessages(matchId: string, peer: ChatPeer) {
  const chat = useChat(matchId);
  const { mutate: reloadChat } = chat;
  const [state, dispatch] = useReducer(chatReducer, initialChatState);

  const unlocked = chat.data?.chat_unlocked === true;
  const notFound = chat.error instanceof ApiError && chat.error.status === 404;

  // The newest page, each time SWR (re)loads it.
  useEffect(() => {
    if (chat.data) dispatch({ type: 'newest', page: chat.data });
  }, [chat.data]);

  const messagesRef = useRef<ChatMessage[]>(state.messages);
  messagesRef.current = state.messages;
  const pageRef = useRef<ChatPage | undefined>(chat.data);
  pageRef.current = chat.data;

  const fetchNewer = useNewerMessages({ matchId, pageRef, messagesRef, dispatch }, reloadChat);
  const { loadingOlder, loadOlder } = useOlderMessages({ matchId, messagesRef, dispatch });
  const addSent = useCallback((message: ChatMessage) => dispatch({ type: 'sent', message }), []);

  useChatPushes({
    match: Number(matchId),
    peerUserId: peer.userId,
    loaded: chat.data,
    unlocked,
    messagesRef,
    dispatch,
    reloadChat,
    fetchNewer,
  });

  return {
    chat,
    unlocked,
    notFound,
    messages: state.messages,
    hasOlder: state.hasOlder,
    peerLastRead: state.peerLastRead,
    loadingOlder,
    loadOlder,
    fetchNewer,
    addSent,
    reloadChat,
  };
}
