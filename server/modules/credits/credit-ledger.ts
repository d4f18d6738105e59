/**
 * The one way a chat-credit balance changes: the profile's `chats` and a credit_ledger row move
 * together in the caller's transaction, with a `credits.changed` event for the member's other
 * screens. Because nothing else writes `chats`, the balance is always the sum of the ledger.
 *
 * A spend is a conditional update (`chats + delta >= 0`) on the profile row, so concurrent
 * spends of one member serialise on that row and the second one of a last credit finds nothing
 * to take, in however many processes they run.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { type CreditCause, type CreditKind, creditLedger, payments, profiles } from '../../kernel/db/schema/index.ts';
import type { EventPayload } from '../../kernel/events/contracts.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';

export interface CreditChange {
  profileId: number;
  /** Positive for a grant or refund, negative for a spend. */
  delta: number;
  kind: CreditKind;
  cause: CreditCause;
  paymentId?: string;
  matchId?: number;
}

const REASON_OF_CAUSE: Record<CreditCause, EventPayload<'credits.changed'>['reason']> = {
  purchase: 'purchase',
  unlock: 'unlock',
  unlock_canceled: 'refund',
};

/**
 * Applies one change and returns the new balance, or null when a spend would take the balance
 * below zero (nothing is written then).
 */
export async function changeCredits(tx: Db, change: CreditChange): Promise<number | null> {
  const [row] = await tx
    .update(profiles)
    .set({ chats: sql`${profiles.chats} + ${change.delta}` })
    .where(and(eq(profiles.id, change.profileId), gte(sql`${profiles.chats} + ${change.delta}`, 0)))
    .returning({ balance: profiles.chats, userId: profiles.userId });
  if (!row) return null;
  await tx.insert(creditLedger).values({
    profileId: change.profileId,
    delta: change.delta,
    kind: change.kind,
    cause: change.cause,
    paymentId: change.paymentId ?? null,
    matchId: change.matchId ?? null,
  });
  await writeEvent(tx, 'credits.changed', {
    userId: row.userId,
    delta: change.delta,
    balance: row.balance,
    reason: REASON_OF_CAUSE[change.cause],
    changedAt: new Date().toISOString(),
  });
  return row.balance;
}

export type GrantOutcome =
  | { state: 'granted'; credits: number; balance: number }
  | { state: 'already-granted'; credits: number }
  | { state: 'not-paid' }
  | { state: 'unknown-payment' }
  | { state: 'member-gone' };

/**
 * Grants a succeeded payment's credits, exactly once: the payment row is locked, `granted_at`
 * says whether it happened, and the ledger's unique index on a grant's payment id holds even if
 * that were ever bypassed. The webhook's worker, the redirect's check and a retry all call this.
 */
export async function grantPayment(db: Db, paymentId: string): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return { state: 'unknown-payment' };
    if (payment.grantedAt) return { state: 'already-granted', credits: payment.credits };
    if (payment.status !== 'succeeded') return { state: 'not-paid' };
    const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, payment.userId));
    if (!profile) return { state: 'member-gone' };
    const balance = await changeCredits(tx, {
      profileId: profile.id,
      delta: payment.credits,
      kind: 'grant',
      cause: 'purchase',
      paymentId,
    });
    if (balance === null) throw new Error(`grant of payment ${paymentId} was refused by the balance check`);
    await tx.update(payments).set({ grantedAt: new Date(), updatedAt: new Date() }).where(eq(payments.id, paymentId));
    return { state: 'granted', credits: payment.credits, balance };
  });
}
