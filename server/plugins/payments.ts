/**
 * The payment provider on the app (app.payments). With STRIPE_SECRET_KEY it is Stripe itself;
 * without one (development, tests) the same Stripe code talks to the local Stripe emulator,
 * started here on a secret of its own and closed with the app. The emulator delivers its signed
 * webhooks into this app's own webhook route, so the signature check that runs is the real one.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../kernel/payments/provider.ts';
import { createStripeProvider } from '../kernel/payments/stripe-provider.ts';
import { type StripeEmulator, startStripeEmulator } from '../stripe-emulator/emulator.ts';
import type { RetryPolicy } from '../stripe-emulator/deliveries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    /** The local emulator when no Stripe account is configured; null with real Stripe. */
    stripeEmulator: StripeEmulator | null;
  }
}

export const WEBHOOK_PATH = '/api/v1/payments/webhook/';

export interface PaymentsOptions {
  /** How the emulator retries failed webhook deliveries (tests shorten it). */
  emulatorRetry?: RetryPolicy;
}

export default fp<PaymentsOptions>(
  async (app, options) => {
    const { stripe } = app.config;
    if (stripe.secretKey && stripe.webhookSecret) {
      app.decorate('payments', createStripeProvider(stripe.secretKey, stripe.webhookSecret));
      app.decorate('stripeEmulator', null);
      return;
    }
    const secretKey = `sk_test_emulator${randomBytes(12).toString('hex')}`;
    const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
    const log = app.log.child({ component: 'stripe-emulator' });
    const emulator = await startStripeEmulator({
      nodeEnv: app.config.env,
      secretKey,
      webhookSecret,
      port: stripe.emulatorPort,
      // Where the app listens, so the hosted page is reachable wherever the app is (a phone on the LAN).
      host: app.config.host,
      retry: options.emulatorRetry,
      log: { info: (details, message) => log.info(details, message), warn: (details, message) => log.warn(details, message) },
      deliver: async ({ body, headers }) => (await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body })).statusCode,
    });
    app.decorate('payments', createStripeProvider(secretKey, webhookSecret, emulator.sdkOptions));
    app.decorate('stripeEmulator', emulator);
    app.addHook('onClose', async () => emulator.close());
    log.info({ url: emulator.url }, 'no STRIPE_SECRET_KEY: payments go to the local Stripe emulator (test checkout, no money moves)');
  },
  { name: 'payments', dependencies: ['context'] },
);
