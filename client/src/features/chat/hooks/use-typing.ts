import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent, useRealtimeSend } from '@/lib/realtime.tsx';
import { shouldSendTyping, TYPING_SHOWN_MS } from './chat-state.ts';

/** `notify()` on every keystroke: tells the peer at most once every 2 s, only in an open chat. */
export function useTypingNotifier(matchId: string, enabled: boolean) {
  const sendRealtime = useRealtimeSend();
  const lastSent = useRef<number | null>(null);
  return useCallback(() => {
    if (!enabled) return;
    const now = Date.now();
    if (!shouldSendTyping(lastSent.current, now)) return;
    if (sendRealtime({ type: 'typing', matchId: Number(matchId) })) lastSent.current = now;
  }, [enabled, matchId, sendRealtime]);
}

/**
 * Whether the peer is typing: true for TYPING_SHOWN_MS after each `chat.typing` push for this
 * chat; `stop()` ends it at once (their message arrived).
 */
export function usePeerTyping(matchId: string, peerUserId: number | undefined) {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useRealtimeEvent('chat.typing', (data) => {
    if (data.matchId !== Number(matchId)) return;
    if (peerUserId !== undefined && data.fromUserId !== peerUserId) return;
    setTyping(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(false);
  }, []);

  return { typing, stop };
}
