/** Test helpers for chat credits: credits bought the way a real purchase grants them. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { grantPayment } from '../modules/credits/index.ts';
import type { Db } from '../kernel/db/client.ts';
import { payments } from '../kernel/db/schema/index.ts';

/** Records a succeeded payment of `credits` for the member and grants it through the ledger. */
export async function giveCredits(db: Db, member: { userId: number }, credits: number): Promise<string> {
  const id = `cs_test_given_${randomBytes(8).toString('hex')}`;
  await db
    .insert(payments)
    .values({ id, userId: member.userId, packageId: 'chat_1', credits, amountCents: 0, currency: 'usd', status: 'succeeded' });
  const outcome = await grantPayment(db, id);
  if (outcome.state !== 'granted') throw new Error(`test grant failed: ${outcome.state}`);
  return id;
}

/** Every profile whose balance differs from the sum of its ledger rows (empty when all agree). */
export async function ledgerMismatches(db: Db): Promise<Array<{ profile_id: number; chats: number; ledger: number }>> {
  return db.execute<{ profile_id: number; chats: number; ledger: number }>(sql`
    select p.id as profile_id, p.chats, coalesce(sum(l.delta), 0)::int as ledger
    from profiles p left join credit_ledger l on l.profile_id = p.id
    group by p.id having p.chats <> coalesce(sum(l.delta), 0)`) as never;
}

/** The member's balance as stored. */
export async function balanceOf(db: Db, member: { userId: number }): Promise<number> {
  const [row] = await db.execute<{ chats: number }>(sql`select chats from profiles where user_id = ${member.userId}`);
  return Number(row.chats);
}

/** How many grants the ledger holds for one checkout session (exactly-once means 1). */
export async function grantsOf(db: Db, paymentId: string): Promise<number> {
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from credit_ledger where payment_id = ${paymentId} and kind = 'grant'`,
  );
  return row.n;
}
