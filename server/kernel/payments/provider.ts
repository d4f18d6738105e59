/**
 * What the app asks of its payment provider, in the app's own terms: open a hosted checkout,
 * look one up, and read a signed webhook. The Stripe implementation (stripe-provider.ts) is the
 * only one; the same code runs against Stripe itself or the local emulator, so tests exercise
 * the production path. Modules receive this, never the SDK.
 */

export interface CheckoutRequest {
  userId: number;
  packageId: string;
  credits: number;
  amountCents: number;
  currency: string;
  /** What the hosted page calls the purchase. */
  productName: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key with the same request answers the first session instead of opening another. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** The hosted page; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** What the app put in at creation: user_id, package_id, credits. */
  metadata: Record<string, string>;
  amountTotal: number | null;
  currency: string | null;
}

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

export interface ProviderEvent {
  id: string;
  type: string;
  /** Set for the checkout events above. */
  session: CheckoutSession | null;
}

export class InvalidWebhookSignature extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidWebhookSignature';
  }
}

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Null when the provider does not know the id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSession | null>;
  /** Verifies the signature over the exact bytes received; throws InvalidWebhookSignature. */
  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent>;
}
