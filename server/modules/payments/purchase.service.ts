/**
 * The member's own check of a checkout on return from the hosted page (purchase_chat_credits).
 * It never believes the request's credit count: it asks the provider about the session, checks
 * it is this member's and paid, records that as the webhook would, and grants the package's
 * credits through the same exactly-once grant the credit-grants handler uses.
 */
import { conflict, notFound } from '../../kernel/errors.ts';
import type { PaymentProvider } from '../../kernel/payments/provider.ts';
import { grantPayment } from '../credits/index.ts';
import { callerRef } from '../members/index.ts';
import { type OutcomeDeps, recordCheckoutOutcome } from './payment-outcome.service.ts';
import * as queries from './payments.queries.ts';

export interface PurchaseDeps extends OutcomeDeps {
  payments: PaymentProvider;
}

export const PURCHASE_MESSAGES = {
  notFound: 'Payment not found.',
  notPaid: 'This payment has not been completed yet.',
  failed: 'This payment did not go through. No credits were added.',
  added: 'Credits added to your account!',
} as const;

export async function confirmPurchase(deps: PurchaseDeps, userId: number, sessionId: string) {
  const me = await callerRef(deps.db, userId);
  const session = await deps.payments.retrieveCheckout(sessionId);
  // Someone else's session is answered exactly like one that does not exist.
  if (!session || session.metadata.user_id !== String(userId)) throw notFound(PURCHASE_MESSAGES.notFound);
  const state = await recordCheckoutOutcome(deps, session);
  if (state === null) throw notFound(PURCHASE_MESSAGES.notFound);
  if (state === 'failed' || state === 'canceled') throw conflict(PURCHASE_MESSAGES.failed);
  if (state !== 'succeeded') throw conflict(PURCHASE_MESSAGES.notPaid);
  const outcome = await grantPayment(deps.db, sessionId);
  const payment = await queries.findPayment(deps.db, sessionId);
  return {
    detail: PURCHASE_MESSAGES.added,
    transaction_id: sessionId,
    credits: payment?.credits ?? 0,
    granted_now: outcome.state === 'granted',
    current_credits: await queries.creditBalance(deps.db, me.profileId),
  };
}
