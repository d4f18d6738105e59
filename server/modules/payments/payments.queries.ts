/** Payment data access; each takes `db` so a transaction passes straight through. */
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { type PaymentState, payments, profiles } from '../../kernel/db/schema/index.ts';

/** The chat-credit balance (the profile's `chats`). */
export async function creditBalance(db: Db, profileId: number): Promise<number> {
  const [row] = await db.select({ chats: profiles.chats }).from(profiles).where(eq(profiles.id, profileId));
  return row?.chats ?? 0;
}

export interface NewPayment {
  id: string;
  userId: number;
  packageId: string;
  credits: number;
  amountCents: number;
  currency: string;
}

/** Records a checkout session as pending; an idempotent retry that got the same session adds nothing. */
export async function insertPendingPayment(db: Db, payment: NewPayment): Promise<void> {
  await db.insert(payments).values(payment).onConflictDoNothing({ target: payments.id });
}

export async function lockPayment(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function setPaymentStatus(db: Db, id: string, status: PaymentState): Promise<void> {
  await db.update(payments).set({ status, updatedAt: new Date() }).where(eq(payments.id, id));
}

/** Notes that the member finished the provider's checkout (the money may still be on its way). */
export async function markCheckoutCompleted(db: Db, id: string): Promise<void> {
  await db
    .update(payments)
    .set({ checkoutCompletedAt: sql`coalesce(${payments.checkoutCompletedAt}, now())`, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/**
 * The member's latest checkout of this package opened since `since` that nobody has finished
 * yet: a second click on Purchase gets it back instead of a second checkout.
 */
export async function findOpenCheckout(db: Db, userId: number, packageId: string, since: Date) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.packageId, packageId),
        eq(payments.status, 'pending'),
        isNull(payments.checkoutCompletedAt),
        gte(payments.createdAt, since),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

export async function findPayment(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * A member's payments, newest first: every settled one, and delayed payments under way. A
 * checkout the member left or cancelled was never a payment, so it is not history.
 */
export async function listPaymentsOf(db: Db, userId: number, limit: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        or(inArray(payments.status, ['succeeded', 'failed']), and(eq(payments.status, 'pending'), isNotNull(payments.checkoutCompletedAt))),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}
