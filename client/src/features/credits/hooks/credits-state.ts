/** Pure rules of the credits screen: money and dates as shown, the return from checkout, error wording. */
import { BEST_VALUE_PACKAGE } from '@contract/credit-packages.ts';
import { serverMessage } from '@/lib/api-errors.ts';

/** How long the return from a paid checkout waits for the credits, in one-second polls. */
export const CONFIRM_SECONDS = 30;
export const POLL_MS = 1000;
/** After a canceled checkout the screen goes back to /credits after this long. */
export const CANCEL_RETURN_MS = 3000;

export const CREDITS_MESSAGES = {
  checkoutFailed: 'Failed to create checkout session',
  added: 'Credits added to your account!',
  /** The server's 409 while the provider has not confirmed the payment; waiting may still help. */
  notCompleted: 'This payment has not been completed yet.',
  notFound: 'Payment not found.',
  stillConfirming:
    'Your payment is still being confirmed. Your credits will appear in your balance as soon as it completes; you do not need to pay again.',
} as const;

export const isBestValue = (packageId: string) => packageId === BEST_VALUE_PACKAGE;

export const currencyCode = (currency: string) => currency.toUpperCase();

const twoDecimals = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A package price: '$24.99' in US dollars, else '24.99 EUR'. */
export function formatPrice(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return '';
  return currencyCode(currency) === 'USD' ? `$${twoDecimals(amount)}` : `${twoDecimals(amount)} ${currencyCode(currency)}`;
}

/** What one credit of a package costs, to the cent (half a cent up): 24.99 for 7 is 3.57. */
export function pricePerCredit(price: number, credits: number): number {
  if (!Number.isFinite(price) || !Number.isInteger(credits) || credits < 1) return Number.NaN;
  return Math.round(Math.round(price * 100) / credits) / 100;
}

/** '$3.57 per credit' (or '3.57 EUR per credit'), so packages compare at a glance. */
export const perCreditText = (price: number, credits: number, currency: string) =>
  `${formatPrice(pricePerCredit(price, credits), currency)} per credit`;

/**
 * How much less a credit costs in this package than alone, in whole percent: 'Save 28%'; null
 * when it is not cheaper by at least 1% (or there is no single-credit price to compare with).
 */
export function savingsText(price: number, credits: number, singlePrice: number | undefined): string | null {
  if (singlePrice === undefined || !(singlePrice > 0) || credits <= 1) return null;
  const percent = Math.floor((1 - price / credits / singlePrice) * 100);
  return percent >= 1 ? `Save ${percent}%` : null;
}

/** A history amount, always with its currency: '$12.99 USD', '20.00 EUR'. */
export function formatAmount(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return '';
  const code = currencyCode(currency);
  return code === 'USD' ? `$${twoDecimals(amount)} ${code}` : `${twoDecimals(amount)} ${code}`;
}

/** '3 Credits', '1 Credit'. */
export const packageTitle = (credits: number) => `${credits} ${credits === 1 ? 'Credit' : 'Credits'}`;

/** A history date, short enough for a phone: 'Jan 5, 2026'. */
export function formatPaymentDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export type ReturnState = { kind: 'none' } | { kind: 'success'; sessionId: string } | { kind: 'canceled' };

/** The server's pattern for a checkout session id. */
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

/** What the query of /credits says about a return from the hosted checkout. */
export function readReturn(params: URLSearchParams): ReturnState {
  const status = params.get('status');
  if (status === 'canceled') return { kind: 'canceled' };
  const sessionId = params.get('session_id');
  if (status === 'success' && sessionId && SESSION_ID.test(sessionId)) return { kind: 'success', sessionId };
  return { kind: 'none' };
}

/** The toast for a failed checkout: the server's words, else the generic sentence. */
export function checkoutErrorMessage(body: unknown): string {
  return serverMessage(body) ?? CREDITS_MESSAGES.checkoutFailed;
}

export type PurchaseErrorOutcome = { kind: 'wait' } | { kind: 'failed'; message: string };

/**
 * A failed purchase_chat_credits: 'wait' when the credits may still come (not completed yet, no
 * answer, a server or provider error: the webhook grants them later), 'failed' when they never
 * will (unknown session, a payment that did not go through, a refused request).
 */
export function purchaseErrorOutcome(status: number | undefined, body: unknown): PurchaseErrorOutcome {
  if (status === undefined || status >= 500 || status === 401) return { kind: 'wait' };
  const message = serverMessage(body);
  if (status === 409 && (message === undefined || message === CREDITS_MESSAGES.notCompleted)) return { kind: 'wait' };
  if (status === 404) return { kind: 'failed', message: message ?? CREDITS_MESSAGES.notFound };
  return { kind: 'failed', message: message ?? 'We could not confirm this payment.' };
}

/** The credits have arrived once the balance rose above the one seen on return. */
export function balanceRose(baseline: number | undefined, balance: number | undefined): boolean {
  return baseline !== undefined && balance !== undefined && balance > baseline;
}
