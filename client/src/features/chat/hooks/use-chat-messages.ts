import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-errors.ts';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime.tsx';
import { type ChatMessage, type ChatPage, getChat, useChat } from '../api/get-chat.ts';
import { chatReducer, initialChatState, newestId, oldestId, POLL_MS } from './chat-state.ts';

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
  const [loadingOlder, setLoadingOlder] = useState(false);
  const status = useRealtimeStatus();
  const match = Number(matchId);

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

  /** Whatever came after the newest message held, page by page; one fetch at a time, repeated once if asked meanwhile. */
  const inFlight = useRef(false);
  const again = useRef(false);
  const fetchNewer = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        let more = true;
        while (more) {
          // Before the first page is in (or while locked), that page will carry whatever is new.
          const newestPage = pageRef.current;
          if (!newestPage?.chat_unlocked) break;
          // An empty chat: everything after "before the first message" (0).
          const after = Math.max(newestId(messagesRef.current) ?? 0, newestId(newestPage.messages) ?? 0);
          const page: ChatPage = await getChat(matchId, { after_id: after });
          if (!page.chat_unlocked) {
            // Locked since: the newest page says so and the view follows.
            await reloadChat();
            return;
          }
          dispatch({ type: 'newer', page });
          messagesRef.current = page.messages.length ? [...messagesRef.current, ...page.messages] : messagesRef.current;
          more = page.has_more && page.messages.length > 0;
        }
      } while (again.current);
    } catch (error) {
      // Gone (unmatched, blocked): reloading the page turns the screen into 'not found'.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) void reloadChat();
      // Anything else: the next push or poll tries again.
    } finally {
      inFlight.current = false;
    }
  }, [matchId, reloadChat]);

  const olderInFlight = useRef(false);
  /** The page before the oldest message held; resolves true when one was merged. */
  const loadOlder = useCallback(async () => {
    const before = oldestId(messagesRef.current);
    if (before === undefined || olderInFlight.current) return false;
    olderInFlight.current = true;
    setLoadingOlder(true);
    try {
      const page = await getChat(matchId, { before_id: before });
      dispatch({ type: 'older', page });
      return true;
    } catch {
      return false;
    } finally {
      olderInFlight.current = false;
      setLoadingOlder(false);
    }
  }, [matchId]);

  const addSent = useCallback((message: ChatMessage) => dispatch({ type: 'sent', message }), []);

  useRealtimeEvent('chat.message', (data) => {
    if (data.matchId !== match) return;
    if (messagesRef.current.some((message) => message.id === data.messageId)) return;
    void fetchNewer();
  });
  useRealtimeEvent('chat.read', (data) => {
    if (data.matchId !== match) return;
    if (peer.userId !== undefined && data.readerUserId !== peer.userId) return;
    dispatch({ type: 'read', lastReadMessageId: data.lastReadMessageId });
  });
  useRealtimeEvent('chat.unlocked', (data) => {
    if (data.matchId === match) void reloadChat();
  });
  useRealtimeEvent('chat.locked', (data) => {
    if (data.matchId !== match) return;
    dispatch({ type: 'reset' });
    void reloadChat((current) => (current ? { ...current, chat_unlocked: false, messages: [], has_more: false, peer_last_read_message_id: null } : current));
  });

  // Back online after a drop: catch up on what was missed, including the lock state.
  const previousStatus = useRef(status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (status === 'open' && was !== 'open' && chat.data) void reloadChat().then(() => (unlocked ? fetchNewer() : undefined));
  }, [status, chat.data, reloadChat, fetchNewer, unlocked]);

  // The fallback poll: only an open chat, only while the socket is not open.
  useEffect(() => {
    if (!unlocked || status === 'open') return;
    const timer = setInterval(() => void fetchNewer(), POLL_MS);
    return () => clearInterval(timer);
  }, [unlocked, status, fetchNewer]);

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
