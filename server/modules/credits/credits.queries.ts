/** Chat-unlock data access; each takes `db` so a transaction passes straight through. */
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { chatMessages, matches, profiles } from '../../kernel/db/schema/index.ts';

/**
 * Holds the match row against sends (which take it FOR SHARE) until the transaction ends, so
 * "nobody has written since the unlock" stays true while the refund is made.
 */
export async function lockMatchRow(db: Db, matchId: number): Promise<void> {
  await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId)).for('update');
}

export async function setUnlocked(db: Db, matchId: number, byProfileId: number | null): Promise<Date | null> {
  const at = byProfileId === null ? null : new Date();
  await db.update(matches).set({ chatUnlockedAt: at, chatUnlockedByProfileId: byProfileId }).where(eq(matches.id, matchId));
  return at;
}

/** Whether anyone wrote in the chat since it was unlocked at `since`. */
export async function hasMessagesSince(db: Db, matchId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.matchId, matchId), gte(chatMessages.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function creditBalance(db: Db, profileId: number): Promise<number> {
  const [row] = await db.select({ chats: profiles.chats }).from(profiles).where(eq(profiles.id, profileId));
  return row?.chats ?? 0;
}
