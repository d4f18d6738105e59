/**
 * The payment provider on the official Stripe SDK. `connection` points the SDK at the local
 * emulator when the app has no Stripe account configured; nothing else differs.
 */
import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutSession,
  InvalidWebhookSignature,
  type PaymentProvider,
  type ProviderEvent,
} from './provider.ts';

export interface StripeConnection {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

function toSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    // Newer API versions may add states; the app acts only on the ones it knows.
    status: (session.status ?? 'open') as CheckoutSession['status'],
    paymentStatus: session.payment_status as CheckoutSession['paymentStatus'],
    metadata: { ...(session.metadata ?? {}) },
    amountTotal: session.amount_total,
    currency: session.currency,
  };
}

export function createStripeProvider(secretKey: string, webhookSecret: string, connection?: StripeConnection): PaymentProvider {
  const stripe = new Stripe(secretKey, {
    ...(connection ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Betroth' },
  });

  return {
    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: request.productName },
              },
            },
          ],
          client_reference_id: String(request.userId),
          metadata: { user_id: String(request.userId), package_id: request.packageId, credits: String(request.credits) },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId: string) {
      try {
        return toSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async readWebhook(rawBody: Buffer, signatureHeader: string | undefined) {
      if (!signatureHeader) throw new InvalidWebhookSignature('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        throw new InvalidWebhookSignature((error as Error).message);
      }
      const session = CHECKOUT_EVENTS.has(event.type) ? toSession(event.data.object as Stripe.Checkout.Session) : null;
      return { id: event.id, type: event.type, session } satisfies ProviderEvent;
    },
  };
}
