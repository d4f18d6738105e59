/**
 * The provider's webhook: the signature is checked over the exact bytes received (a forged or
 * altered delivery changes nothing and gets 400, so the provider shows the failure), then the
 * checkout events are recorded. Other event types are acknowledged and ignored.
 */
import { badRequest } from '../../kernel/errors.ts';
import { InvalidWebhookSignature, type PaymentProvider } from '../../kernel/payments/provider.ts';
import { type OutcomeDeps, recordCheckoutOutcome } from './payment-outcome.service.ts';

export interface WebhookDeps extends OutcomeDeps {
  payments: PaymentProvider;
}

export const WEBHOOK_MESSAGES = { badSignature: 'Invalid webhook signature.' } as const;

export async function receiveWebhook(deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
  let event;
  try {
    event = await deps.payments.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof InvalidWebhookSignature) {
      deps.log.warn({ reason: error.message }, 'webhook refused: bad signature');
      throw badRequest(WEBHOOK_MESSAGES.badSignature);
    }
    throw error;
  }
  if (event.session) await recordCheckoutOutcome(deps, event.session, event.type);
  return { received: true };
}
