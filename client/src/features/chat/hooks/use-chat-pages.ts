import { type Dispatch, type RefObject, useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-errors.ts';
import { type ChatMessage, type ChatPage, getChat } from '../api/get-chat.ts';
import { type ChatAction, newestId, oldestId } from './chat-state.ts';

interface PageSources {
  matchId: string;
  /** The newest page as SWR holds it, and the messages merged so far: read at call time. */
  pageRef: RefObject<ChatPage | undefined>;
  messagesRef: RefObject<ChatMessage[]>;
  dispatch: Dispatch<ChatAction>;
}

/**
 * Whatever came after the newest message held (`after_id`), page by page; one fetch at a time,
 * repeated once if asked meanwhile. A chat locked since reloads its newest page; one gone
 * (unmatched, blocked) too, which turns the screen into 'not found'.
 */
export function useNewerMessages({ matchId, pageRef, messagesRef, dispatch }: PageSources, reloadChat: () => Promise<unknown>) {
  const inFlight = useRef(false);
  const again = useRef(false);
  return useCallback(async () => {
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
  }, [matchId, pageRef, messagesRef, dispatch, reloadChat]);
}

/** The page before the oldest message held (`before_id`); `loadOlder` resolves true when one was merged. */
export function useOlderMessages({ matchId, messagesRef, dispatch }: Omit<PageSources, 'pageRef'>) {
  const [loadingOlder, setLoadingOlder] = useState(false);
  const olderInFlight = useRef(false);
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
  }, [matchId, messagesRef, dispatch]);
  return { loadingOlder, loadOlder };
}
