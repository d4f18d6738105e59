/**
 * Opening a checkout: the package's price comes from the operator's configuration (never from
 * the request), the return addresses must be this app's own pages (no open redirect through
 * the provider; which addresses count is return-origins.ts), and a repeated Purchase is
 * answered with the checkout it opened if that is still open (a paid or abandoned one is never
 * handed out again).
 */
import { createHash, randomUUID } from 'node:crypto';
import { CREDIT_PACKAGES, type CreditPackageId } from '../../contract/credit-packages.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { badRequest } from '../../kernel/errors.ts';
import type { PaymentProvider } from '../../kernel/payments/provider.ts';
import { callerRef } from '../members/index.ts';
import * as queries from './payments.queries.ts';

export interface CheckoutDeps extends Pick<ServiceDeps, 'db' | 'config' | 'log'> {
  payments: PaymentProvider;
  /** The origins checkout may return to (return-origins.ts); asked per checkout, as addresses can change. */
  returnOrigins: () => readonly string[];
}

export const CHECKOUT_MESSAGES = {
  unknownPackage: 'Choose one of the credit packages.',
  // The member cannot fix a wrong address, only learn that buying does not work here; the log
  // tells the operator why (see refuseAddress).
  foreignUrl: 'Payments are not available at this address',
} as const;

/** A Purchase repeated within this window gets the checkout still open from the first one. */
const REPEAT_WINDOW_MS = 60_000;

type ReturnField = 'success_url' | 'cancel_url';

/** Refuses a return address off the app's origins, saying in the log what to configure. */
function refuseAddress(deps: Pick<CheckoutDeps, 'config' | 'log'>, field: ReturnField, raw: string): never {
  let origin: string;
  try {
    origin = new URL(raw).origin;
  } catch {
    origin = 'not an absolute URL';
  }
  deps.log.warn(
    { field, returnOrigin: origin, publicUrl: deps.config.publicUrl },
    `checkout refused: ${field} is on ${origin}, not on PUBLIC_URL (${deps.config.publicUrl}). ` +
      'Set PUBLIC_URL to the address members open the app at.',
  );
  throw badRequest(CHECKOUT_MESSAGES.foreignUrl, { [field]: [CHECKOUT_MESSAGES.foreignUrl] });
}

/**
 * `raw` as an absolute URL on one of the app's origins, with the status (and for success the
 * provider's session id placeholder, which Stripe fills in) the credits screen reads on return;
 * null when it is not one of them.
 */
export function returnUrl(raw: string, appOrigins: readonly string[], status: 'success' | 'canceled'): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!appOrigins.includes(url.origin) || url.username || url.password) return null;
  url.searchParams.delete('status');
  url.searchParams.delete('session_id');
  url.searchParams.set('status', status);
  url.hash = '';
  // The placeholder must reach Stripe unencoded, so it is appended after URL serialisation.
  return status === 'success' ? `${url.toString()}&session_id={CHECKOUT_SESSION_ID}` : url.toString();
}

export interface CheckoutInput {
  packageId: string;
  successUrl: string;
  cancelUrl: string;
  /** The client's Idempotency-Key header, if it sent one. */
  idempotencyKey?: string;
}

export async function createCheckout(
  deps: CheckoutDeps,
  userId: number,
  input: CheckoutInput,
  now = Date.now(),
): Promise<{ session_url: string; session_id: string }> {
  await callerRef(deps.db, userId);
  const sold = CREDIT_PACKAGES.find((p) => p.id === input.packageId);
  if (!sold) throw badRequest(CHECKOUT_MESSAGES.unknownPackage, { package: [CHECKOUT_MESSAGES.unknownPackage] });
  const appOrigins = deps.returnOrigins();
  const successUrl = returnUrl(input.successUrl, appOrigins, 'success') ?? refuseAddress(deps, 'success_url', input.successUrl);
  const cancelUrl = returnUrl(input.cancelUrl, appOrigins, 'canceled') ?? refuseAddress(deps, 'cancel_url', input.cancelUrl);
  const amountCents = deps.config.packagePricesCents[sold.id as CreditPackageId];
  const currency = deps.config.paymentCurrency;

  // A double click, or the member coming back to Purchase while the first checkout is still open.
  const recent = await queries.findOpenCheckout(deps.db, userId, sold.id, new Date(now - REPEAT_WINDOW_MS));
  if (recent) {
    const open = await deps.payments.retrieveCheckout(recent.id);
    if (open?.status === 'open' && open.url) return { session_url: open.url, session_id: open.id };
  }
  // With the client's key, a retried request is the same checkout at the provider too; without
  // one, every request that got here is a new purchase.
  const idempotencyKey = createHash('sha256')
    .update(JSON.stringify([userId, sold.id, amountCents, currency, successUrl, cancelUrl, input.idempotencyKey ?? randomUUID()]))
    .digest('hex');

  const session = await deps.payments.createCheckout({
    userId,
    packageId: sold.id,
    credits: sold.credits,
    amountCents,
    currency,
    productName: `Betroth chat credits × ${sold.credits}`,
    successUrl,
    cancelUrl,
    idempotencyKey,
  });
  await queries.insertPendingPayment(deps.db, { id: session.id, userId, packageId: sold.id, credits: sold.credits, amountCents, currency });
  return { session_url: session.url, session_id: session.id };
}
