import { useCallback, useEffect, useRef, useState } from 'react';
import { mutate as mutateCache } from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { type MatchesResult, withChatRead } from '@/lib/matches.ts';
import { toast } from '@/lib/toast.ts';
import { type ChatSettings, updateChatSettings, useChatSettings } from '../api/chat-settings.ts';
import { markRead } from '../api/mark-read.ts';
import type { ChatMessage } from '../api/get-chat.ts';
import { CHAT_MESSAGES, readPositionToSend } from './chat-state.ts';

/**
 * Marks the chat read once new peer messages are on screen: `atNewest` says the list shows its
 * newest message, and the page must be visible. The position only moves forward.
 */
export function useMarkRead(
  matchId: string,
  messages: readonly ChatMessage[],
  peerProfileId: number | undefined,
  atNewest: boolean,
  enabled: boolean,
) {
  const lastSent = useRef(0);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');

  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!enabled || !atNewest || !visible) return;
    const position = readPositionToSend(messages, peerProfileId, lastSent.current);
    if (position === null) return;
    lastSent.current = position;
    markRead(matchId, position)
      // Read to the newest message on screen: the matches list shows no unread count for it at once.
      .then(() =>
        mutateCache<MatchesResult>(apiPaths.matches, (list) => (list ? withChatRead(list, Number(matchId)) : list), { revalidate: false }),
      )
      .catch((error: unknown) => {
        console.error('Mark read failed', error);
        // Let the next change try again.
        if (lastSent.current === position) lastSent.current = 0;
      });
  }, [enabled, atNewest, visible, messages, peerProfileId, matchId]);
}

/** The 'Send read receipts' setting; `toggle` saves it and calls `onChanged` (the chat reloads its receipts). */
export function useReadReceiptsSetting(onChanged: () => void) {
  const settings = useChatSettings();
  const { mutate } = settings;
  const [saving, setSaving] = useState(false);

  const toggle = useCallback(
    async (on: boolean) => {
      setSaving(true);
      try {
        const saved = await updateChatSettings({ send_read_receipts: on });
        await mutate(saved, { revalidate: false });
        onChanged();
      } catch (error) {
        console.error('Chat settings failed', error);
        toast.error(CHAT_MESSAGES.settingsFailed);
      } finally {
        setSaving(false);
      }
    },
    [mutate, onChanged],
  );

  const value: ChatSettings | undefined = settings.data;
  return { enabled: value?.send_read_receipts, loading: settings.isLoading, saving, toggle };
}
