/**
 * Event objects in Stripe's `event` shape, and the exact bytes that are delivered and signed.
 * Stripe sends its webhook bodies pretty-printed; doing the same means an app that re-serialises
 * the parsed JSON instead of verifying the raw bytes fails here, as it would against Stripe.
 */
import Stripe from 'stripe';
import { randomId } from './ids.ts';

export interface StripeEventJson {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** The event for `object` (a snapshot: later changes to the session do not alter it) and its body. */
export function buildEvent(
  type: string,
  object: unknown,
  createdSeconds: number,
  pendingWebhooks: number,
): { event: StripeEventJson; body: string } {
  const event: StripeEventJson = {
    id: randomId('evt_test_'),
    object: 'event',
    // The version the installed SDK is pinned to, so its types describe these payloads.
    api_version: Stripe.API_VERSION,
    created: createdSeconds,
    data: { object },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    // Checkout completions come from the customer's browser, not from an API request.
    request: { id: null, idempotency_key: null },
    type,
  };
  return { event, body: JSON.stringify(event, null, 2) };
}
