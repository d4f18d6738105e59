import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { unlockChat } from '../api/unlock-chat.ts';
import { newUuid } from '@/lib/uuid.ts';
import { CHAT_MESSAGES, errorText } from './chat-state.ts';

/**
 * Spends a credit on the chat. Success: 'Chat unlocked! You can now send messages.' and
 * `onUnlocked` (the caller reloads the balance, the profile and the chat). Failure: the
 * server's words, else 'Failed to unlock chat'.
 */
export function useUnlockChat(matchId: string, onUnlocked: () => Promise<unknown> | void) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const unlock = useCallback(async () => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      // One key per tap on Unlock: the api client's retries of a lost answer reuse it.
      await unlockChat(matchId, newUuid());
      toast.success(CHAT_MESSAGES.unlocked);
      await onUnlocked();
      return true;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status !== 401) {
        console.error('Unlock failed', error);
        toast.error(apiError?.status === undefined ? CHAT_MESSAGES.unlockFailed : errorText(apiError.body, CHAT_MESSAGES.unlockFailed));
      }
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [matchId, onUnlocked]);

  return { unlock, busy };
}
