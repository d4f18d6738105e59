import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface PurchaseResult {
  detail: string;
  transaction_id: string;
  /** What the payment bought. */
  credits: number;
  /** False when the webhook (or an earlier call) had already added them. */
  granted_now: boolean;
  current_credits: number;
}

/**
 * On return from checkout: the server asks the provider about the session and adds its credits
 * once. 409 while the payment is not complete, 404 for an unknown session. The confirmation
 * screen words the outcome itself, so the shared error toast is off.
 */
export const purchaseCredits = (transactionId: string) =>
  api.post<PurchaseResult>(apiPaths.purchaseCredits, { transaction_id: transactionId }, { toastErrors: false });
