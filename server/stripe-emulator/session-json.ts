/**
 * The emulator's session record and its JSON in Stripe's `checkout.session` shape: the fields the
 * app reads, with the values Stripe gives them for a hosted, card-paid, test-mode payment session.
 */
import type { SessionInput } from './session-params.ts';

export type SessionStatus = 'open' | 'complete' | 'expired';
export type PaymentStatus = 'unpaid' | 'paid' | 'no_payment_required';

export interface SessionRecord {
  id: string;
  /** Unix seconds. */
  created: number;
  expiresAt: number;
  input: SessionInput;
  status: SessionStatus;
  paymentStatus: PaymentStatus;
  paymentIntent: string | null;
  /** Completed with a delayed method and not settled yet (see settleAsync). */
  awaitingSettlement: boolean;
}

export interface CheckoutSessionJson {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null; name: null; phone: null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: PaymentStatus;
  status: SessionStatus;
  success_url: string;
  ui_mode: 'hosted_page';
  /** Only while the session can still be paid, as at Stripe. */
  url: string | null;
}

/** The hosted page of a session, under the base URL handed to browsers. */
export const checkoutPageUrl = (publicUrl: string, id: string) => `${publicUrl}/c/pay/${id}`;

export function sessionJson(session: SessionRecord, publicUrl: string): CheckoutSessionJson {
  const { input } = session;
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: input.amountTotal,
    amount_total: input.amountTotal,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    created: session.created,
    currency: input.currency,
    customer: null,
    customer_details: session.status === 'complete' ? { email: input.customerEmail, name: null, phone: null } : null,
    customer_email: input.customerEmail,
    expires_at: session.expiresAt,
    livemode: false,
    locale: input.locale,
    metadata: { ...input.metadata },
    mode: 'payment',
    payment_intent: session.paymentIntent,
    payment_method_types: ['card'],
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: input.successUrl,
    ui_mode: 'hosted_page',
    url: session.status === 'open' ? checkoutPageUrl(publicUrl, session.id) : null,
  };
}
