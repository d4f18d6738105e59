import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import type { ChatMessage } from '../api/get-chat.ts';
import { sendMessage } from '../api/send-message.ts';
import { CHAT_MESSAGES, type Draft, errorText, keyForDraft, type PendingKey } from './chat-state.ts';

/**
 * Sending: one at a time, each message with its own Idempotency-Key, the same key again when
 * the same message is retried after a failure (so a send whose answer was lost is never stored
 * twice). A failure toasts the server's words, else 'Failed to send message'; the caller keeps
 * the draft. Resolves the stored message, or null.
 */
export function useSendMessage(matchId: string, onSent: (message: ChatMessage) => void) {
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const pending = useRef<PendingKey | null>(null);

  const send = useCallback(
    async (draft: Draft): Promise<ChatMessage | null> => {
      if (busy.current) return null;
      busy.current = true;
      setSending(true);
      const attempt = keyForDraft(pending.current, draft);
      pending.current = attempt;
      try {
        const text = draft.text.trim();
        const { message } = await sendMessage(
          matchId,
          { ...(text ? { message: text } : {}), ...(draft.uploadId ? { uploadId: draft.uploadId } : {}) },
          attempt.key,
        );
        pending.current = null;
        onSent(message);
        return message;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        // A 401 has ended the session already (and said so).
        if (apiError?.status !== 401) {
          console.error('Send failed', error);
          toast.error(apiError?.status === undefined ? CHAT_MESSAGES.sendFailed : errorText(apiError.body, CHAT_MESSAGES.sendFailed));
        }
        return null;
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [matchId, onSent],
  );

  return { send, sending };
}
