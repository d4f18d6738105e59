/**
 * Chat credits and the payments that buy them. The balance on profiles.chats is a cache of the
 * ledger: every change is one credit_ledger row written in the same transaction as the balance
 * (modules/credits/credit-ledger.ts), so the sum of a profile's rows is always its balance.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { profiles } from './profiles.ts';

export const CREDIT_KINDS = ['grant', 'spend', 'refund'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** Why a ledger row exists: a paid checkout, a chat unlock, or an unlock cancelled before use. */
export const CREDIT_CAUSES = ['purchase', 'unlock', 'unlock_canceled'] as const;
export type CreditCause = (typeof CREDIT_CAUSES)[number];

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Positive for a grant or refund, negative for a spend. */
    delta: integer('delta').notNull(),
    kind: text('kind').$type<CreditKind>().notNull(),
    cause: text('cause').$type<CreditCause>().notNull(),
    /** The checkout session a grant came from. */
    paymentId: text('payment_id'),
    /** The match an unlock or its refund belongs to; no foreign key, the history outlives the match. */
    matchId: bigint('match_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_profile_id_idx').on(t.profileId, t.id),
    // A checkout session is granted once, whichever of webhook, redirect or retry gets there first.
    uniqueIndex('credit_ledger_grant_once')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'grant'`),
    check('credit_ledger_kind', sql`${t.kind} in ('grant', 'spend', 'refund')`),
    check('credit_ledger_cause', sql`${t.cause} in ('purchase', 'unlock', 'unlock_canceled')`),
    check('credit_ledger_sign', sql`(${t.kind} = 'spend' and ${t.delta} < 0) or (${t.kind} in ('grant', 'refund') and ${t.delta} > 0)`),
    check('credit_ledger_grant_has_payment', sql`${t.kind} <> 'grant' or ${t.paymentId} is not null`),
  ],
);

export const PAYMENT_STATES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * One row per checkout session, created with the session (pending) and moved by what the payment
 * provider confirms: the webhook or a direct check of the session. granted_at is set in the
 * transaction that writes the grant's ledger row.
 */
export const payments = pgTable(
  'payments',
  {
    /** The provider's checkout session id (cs_...). */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentState>().notNull().default('pending'),
    /**
     * When the provider reported the checkout finished (paid, or a delayed payment under way).
     * A pending payment without it is a checkout the member may still be on, or abandoned.
     */
    checkoutCompletedAt: timestamp('checkout_completed_at', { withTimezone: true }),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId, t.createdAt),
    check('payments_status', sql`${t.status} in ('pending', 'succeeded', 'failed', 'canceled')`),
    check('payments_credits_positive', sql`${t.credits} > 0`),
    check('payments_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);
