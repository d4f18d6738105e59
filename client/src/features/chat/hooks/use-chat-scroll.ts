import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../api/get-chat.ts';
import { isNearBottom, newestId, oldestId } from './chat-state.ts';

/** Near the top, an older page loads by itself (the button stays for keyboards and screen readers). */
const AUTO_LOAD_PX = 48;

interface Options {
  messages: ChatMessage[];
  peerProfileId: number | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<boolean>;
  /** Whether the newest message is on screen (for read receipts). */
  onAtNewestChange: (atNewest: boolean) => void;
}

/**
 * Where the message list stands: opens at the newest message; follows new ones while the member
 * is at the bottom (or sent them); an older page, asked for or loaded by itself near the top,
 * keeps the scroll position.
 */
export function useChatScroll({ messages, peerProfileId, hasOlder, loadingOlder, loadOlder, onAtNewestChange }: Options) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom to restore once an older page is in. */
  const anchor = useRef<number | null>(null);
  const shown = useRef<{ oldest?: number; newest?: number }>({});

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const reportPosition = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const bottom = isNearBottom(el.scrollTop, el.scrollHeight, el.clientHeight);
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      onAtNewestChange(bottom);
    }
  }, [onAtNewestChange]);

  const loadEarlier = useCallback(async () => {
    const el = scroller.current;
    if (!el || loadingOlder) return;
    anchor.current = el.scrollHeight - el.scrollTop;
    const loaded = await loadOlder();
    if (!loaded) anchor.current = null;
  }, [loadOlder, loadingOlder]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const oldest = oldestId(messages);
    const newest = newestId(messages);
    const before = shown.current;
    shown.current = { oldest, newest };
    if (anchor.current !== null && oldest !== before.oldest) {
      // An older page went in above: keep the same messages where they were.
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (newest !== before.newest) {
      const last = messages[messages.length - 1];
      const mine = last !== undefined && peerProfileId !== undefined && last.fromProfileId !== peerProfileId;
      if (before.newest === undefined || atBottom.current || mine) scrollToBottom();
    }
    reportPosition();
  }, [messages, peerProfileId, scrollToBottom, reportPosition]);

  const onScroll = () => {
    reportPosition();
    const el = scroller.current;
    if (el && hasOlder && !loadingOlder && anchor.current === null && el.scrollTop <= AUTO_LOAD_PX && el.scrollHeight > el.clientHeight) {
      void loadEarlier();
    }
  };

  /** A photo that finishes loading while the member is at the bottom keeps them there. */
  const onImageLoad = () => {
    if (atBottom.current) scrollToBottom();
  };

  return { scroller, onScroll, loadEarlier, onImageLoad };
}
