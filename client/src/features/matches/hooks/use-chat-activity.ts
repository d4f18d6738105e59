import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '@/lib/realtime.tsx';

/** A burst of messages (a photo and its caption, a quick exchange) is one reload of the list. */
export const CHAT_ACTIVITY_RELOAD_MS = 500;

/**
 * While the list is on screen, a new message in any of my chats (either direction, any device)
 * reloads it, so its preview, unread count and place in the order follow the conversation.
 * Bursts are taken together: one reload at most every CHAT_ACTIVITY_RELOAD_MS.
 */
export function useChatActivity(reload: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeEvent('chat.message', () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, CHAT_ACTIVITY_RELOAD_MS);
  });
}
