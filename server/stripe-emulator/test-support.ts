/**
 * Shared setup of the emulator's tests: an emulator on a free port, the real stripe SDK pointed
 * at it, valid checkout parameters, and a deliver function that records what it was sent.
 * Used by the *.test.ts files beside it only.
 */
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './emulator.ts';

export const SECRET_KEY = 'sk_test_emulator_0123456789abcdef';
export const WEBHOOK_SECRET = 'whsec_emulator_test_secret_0123456789';

export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** The SDK as the app builds it, retries off so a failing request fails at once. */
export function sdkFor(emulator: StripeEmulator, secretKey = SECRET_KEY): Stripe {
  return new Stripe(secretKey, { ...emulator.sdkOptions, maxNetworkRetries: 0 });
}

export async function startForTest(
  t: { teardown(fn: () => unknown): void },
  options: Partial<StripeEmulatorOptions> = {},
): Promise<{ emulator: StripeEmulator; stripe: Stripe }> {
  const emulator = await startStripeEmulator({
    nodeEnv: 'test',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    deliver: null,
    retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
  t.teardown(() => emulator.close());
  return { emulator, stripe: sdkFor(emulator) };
}

export function checkoutParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      { quantity: 2, price_data: { currency: 'usd', unit_amount: 999, product_data: { name: '100 chat credits' } } },
      { quantity: 1, price_data: { currency: 'usd', unit_amount: 1, product_data: { name: 'Rounding' } } },
    ],
    client_reference_id: '5',
    metadata: { user_id: '5', package_id: 'credits_100' },
    success_url: 'https://betroth.example/pay/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://betroth.example/pay/cancelled',
    ...overrides,
  };
}

/** A deliver function that records each delivery and answers with the next scripted status (then 200). */
export function recordingDeliver(statuses: Array<number | Error> = []): {
  deliver: (delivery: Delivery) => Promise<number>;
  deliveries: Delivery[];
} {
  const deliveries: Delivery[] = [];
  const script = [...statuses];
  return {
    deliveries,
    deliver: async (delivery) => {
      deliveries.push(delivery);
      const next = script.shift() ?? 200;
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

/** A raw request to the emulator, for what the SDK would never send. */
export function rawRequest(emulator: StripeEmulator, path: string, init: RequestInit & { auth?: boolean } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.auth !== false) headers.set('Authorization', `Bearer ${SECRET_KEY}`);
  return fetch(`${emulator.url}${path}`, { ...init, headers, redirect: 'manual' });
}
