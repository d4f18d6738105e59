/**
 * The checkout sessions and their life cycle, as Stripe runs it for a hosted payment page:
 *
 *   open --pay--> complete (paid, or unpaid while a delayed method such as a bank debit settles)
 *   open --expires_at passes--> expired
 *
 * Cancelling changes nothing: at Stripe the customer may come back and pay until the session
 * expires, and no event is sent. Each change hands the updated session to `onEvent` with the
 * event type Stripe would send for it.
 *
 * Expiry is applied lazily (whenever a session is looked at) and by `expireDue`, which the
 * emulator calls now and then, so an expired session is never paid and its event is still sent.
 */
import { randomId } from './ids.ts';
import type { SessionRecord } from './session-json.ts';
import type { SessionInput } from './session-params.ts';

export type PaymentOutcome = 'paid' | 'async';

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** Why a session cannot do what was asked: 404 it does not exist, 409 it is not in the right state. */
export class SessionStateError extends Error {
  readonly status: 404 | 409;
  constructor(message: string, status: 404 | 409) {
    super(message);
    this.status = status;
  }
}

const DAY_SECONDS = 24 * 60 * 60;

export class SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();

  private readonly deps: {
    /** Milliseconds since the epoch. */
    now: () => number;
    onEvent: (type: SessionEventType, session: SessionRecord) => void;
  };
  constructor(deps: {
    /** Milliseconds since the epoch. */
    now: () => number;
    onEvent: (type: SessionEventType, session: SessionRecord) => void;
  }) {
    this.deps = deps;
  }

  private seconds(): number {
    return Math.floor(this.deps.now() / 1000);
  }

  create(input: SessionInput): SessionRecord {
    const created = this.seconds();
    const session: SessionRecord = {
      id: randomId('cs_test_', 40),
      created,
      expiresAt: input.expiresAt ?? created + DAY_SECONDS,
      input,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntent: null,
      awaitingSettlement: false,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session, expired first if its time has passed; null when there is none. */
  find(id: string): SessionRecord | null {
    const session = this.sessions.get(id);
    if (!session) return null;
    this.expireIfDue(session);
    return session;
  }

  /** Completes an open session; returns where the browser goes next (success_url, id substituted). */
  complete(id: string, outcome: PaymentOutcome): string {
    const session = this.open(id);
    session.status = 'complete';
    session.paymentIntent = randomId('pi_test_');
    if (session.input.amountTotal === 0) session.paymentStatus = 'no_payment_required';
    else if (outcome === 'paid') session.paymentStatus = 'paid';
    else session.awaitingSettlement = true; // stays 'unpaid' until settleAsync
    this.deps.onEvent('checkout.session.completed', session);
    return session.input.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  /** The customer left the page: nothing changes (Stripe sends no event); returns cancel_url. */
  cancel(id: string): string {
    return this.open(id).input.cancelUrl;
  }

  /** Settles a delayed payment: paid, or failed (the session stays complete and unpaid, as at Stripe). */
  settle(id: string, succeeded: boolean): void {
    const session = this.existing(id);
    if (!session.awaitingSettlement) throw new SessionStateError(`Checkout session ${id} has no delayed payment waiting to settle.`, 409);
    session.awaitingSettlement = false;
    if (succeeded) session.paymentStatus = 'paid';
    this.deps.onEvent(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session);
  }

  /** Expires every open session whose expires_at has passed. */
  expireDue(): void {
    for (const session of this.sessions.values()) this.expireIfDue(session);
  }

  private expireIfDue(session: SessionRecord): void {
    if (session.status !== 'open' || session.expiresAt > this.seconds()) return;
    session.status = 'expired';
    this.deps.onEvent('checkout.session.expired', session);
  }

  private existing(id: string): SessionRecord {
    const session = this.find(id);
    if (!session) throw new SessionStateError(`No such checkout session: '${id}'`, 404);
    return session;
  }

  private open(id: string): SessionRecord {
    const session = this.existing(id);
    if (session.status === 'complete') throw new SessionStateError('This checkout session is already complete.', 409);
    if (session.status === 'expired') throw new SessionStateError('This checkout session has expired and can no longer be paid.', 409);
    return session;
  }
}
