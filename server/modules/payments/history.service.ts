/** A member's own payment history, as the credits screen lists it. */
import type { DbDeps } from '../../kernel/deps.ts';
import * as queries from './payments.queries.ts';

/** Enough for years of purchases; the screen shows a table, not a ledger export. */
const HISTORY_LIMIT = 100;

export async function paymentHistory(deps: DbDeps, userId: number) {
  const rows = await queries.listPaymentsOf(deps.db, userId, HISTORY_LIMIT);
  return {
    payments: rows.map((row) => ({
      id: row.id,
      date: row.createdAt.toISOString(),
      credits: row.credits,
      amount: row.amountCents / 100,
      currency: row.currency,
      status: row.status,
    })),
  };
}
