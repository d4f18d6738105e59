import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface UnlockResult {
  detail: string;
  match_id: number;
  chat_unlocked: boolean;
  /** True only when this call took a credit (an open chat costs nothing). */
  charged: boolean;
  current_credits: number;
}

/**
 * Spends 1 credit to open the chat for both members; 402 without a credit. The dialog words
 * failures. `idempotencyKey` names this one tap on Unlock: a retry after a lost answer is
 * answered with the first result and never takes a second credit.
 */
export const unlockChat = (matchId: number | string, idempotencyKey: string) =>
  api.post<UnlockResult>(apiPaths.useChatCredit, { match_id: Number(matchId) }, { toastErrors: false, idempotencyKey });
