/**
 * credit-grants: a payment the provider confirmed becomes the package's credits, exactly once.
 * The webhook records the payment and writes `payments.succeeded`; this handler grants it. The
 * grant locks the payment row and is a no-op once granted (a member's own check on return may
 * have granted it first, or an earlier delivery of this event that died after committing), so a
 * redelivery, a duplicate event or a crash mid-grant can never add credits twice.
 */
import { grantPayment } from '../../server/modules/credits/index.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { defineHandler } from '../runtime/handler.ts';

export function creditGrantsHandler(deps: { db: Db }) {
  return defineHandler({
    name: 'credit-grants',
    subjects: ['payments.succeeded'] as const,
    concurrency: 4,
    // Money: keep trying for a long while (backoff up to 5 min) before an operator must step in.
    maxDeliver: 20,
    // A grant takes milliseconds; one whose worker died is handed to another after this.
    ackWaitMs: 10_000,
    async handle(event, { log }) {
      const outcome = await grantPayment(deps.db, event.payload.paymentId);
      if (outcome.state === 'granted') {
        log.info({ paymentId: event.payload.paymentId, credits: outcome.credits }, 'credits granted');
      } else if (outcome.state !== 'already-granted') {
        // Not retried: the row says why (the account was deleted, or the payment is not a success).
        log.warn({ paymentId: event.payload.paymentId, outcome: outcome.state }, 'payment not granted');
      }
    },
  });
}
