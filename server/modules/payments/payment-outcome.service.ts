/**
 * What the provider says about a checkout, recorded once: from the webhook, or from a direct
 * check when the member comes back (whichever arrives first; both may, in any order and any
 * number of times). A payment moves from pending to succeeded, failed or canceled, and a
 * success is final. The move to succeeded writes `payments.succeeded`, whose handler grants the
 * credits; the grant itself is idempotent (modules/credits/credit-ledger.ts), so a repeated event or a
 * grant made by the direct check changes nothing further.
 */
import { CREDIT_PACKAGES } from '../../contract/credit-packages.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { PaymentState } from '../../kernel/db/schema/index.ts';
import type { Log } from '../../kernel/logging.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import type { CheckoutSession } from '../../kernel/payments/provider.ts';
import * as queries from './payments.queries.ts';

export interface OutcomeDeps {
  db: Db;
  log: Pick<Log, 'warn' | 'error'>;
}

/** The state a session's news moves its payment to; null when it says nothing new. */
function stateFrom(session: CheckoutSession, eventType: string | null): PaymentState | null {
  if (eventType === 'checkout.session.async_payment_failed') return 'failed';
  if (session.status === 'expired') return 'canceled';
  if (session.status === 'complete' && session.paymentStatus === 'paid') return 'succeeded';
  return null;
}

/** A payment row for a session this app opened but did not record (its insert failed after the provider answered). */
function paymentFromMetadata(session: CheckoutSession): queries.NewPayment | null {
  const userId = Number(session.metadata.user_id);
  const sold = CREDIT_PACKAGES.find((p) => p.id === session.metadata.package_id);
  if (!Number.isSafeInteger(userId) || userId < 1 || !sold || session.amountTotal === null || !session.currency) return null;
  return {
    id: session.id,
    userId,
    packageId: sold.id,
    credits: sold.credits,
    amountCents: session.amountTotal,
    currency: session.currency,
  };
}

/** Records the session's state; answers the payment's state afterwards, or null for a session that is not ours. */
export async function recordCheckoutOutcome(
  deps: OutcomeDeps,
  session: CheckoutSession,
  eventType: string | null = null,
): Promise<PaymentState | null> {
  return deps.db.transaction(async (tx) => {
    let payment = await queries.lockPayment(tx, session.id);
    if (!payment) {
      const recovered = paymentFromMetadata(session);
      if (!recovered) {
        deps.log.warn({ sessionId: session.id }, 'checkout session unknown to this app: ignored');
        return null;
      }
      await queries.insertPendingPayment(tx, recovered);
      payment = await queries.lockPayment(tx, session.id);
      if (!payment) return null;
    }
    // The provider must describe the purchase that was opened, to the cent and for this member.
    if (
      session.metadata.user_id !== String(payment.userId) ||
      session.amountTotal !== payment.amountCents ||
      session.currency !== payment.currency
    ) {
      deps.log.error({ sessionId: session.id }, 'checkout session disagrees with the payment recorded for it: not granted');
      return payment.status;
    }
    if (session.status === 'complete' && !payment.checkoutCompletedAt) await queries.markCheckoutCompleted(tx, payment.id);
    const next = stateFrom(session, eventType);
    if (next === null || next === payment.status || payment.status === 'succeeded') return payment.status;
    await queries.setPaymentStatus(tx, payment.id, next);
    if (next === 'succeeded') {
      await writeEvent(tx, 'payments.succeeded', {
        paymentId: payment.id,
        userId: payment.userId,
        packageId: payment.packageId,
        credits: payment.credits,
        amountCents: payment.amountCents,
        currency: payment.currency,
        succeededAt: new Date().toISOString(),
      });
    }
    return next;
  });
}
