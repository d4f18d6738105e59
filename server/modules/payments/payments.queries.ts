/** Payment data access; each takes `db` so a transaction passes straight through. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { profiles } from '../../kernel/db/schema/index.ts';

/** The chat-credit balance (the profile's `chats`). */
export async function creditBalance(db: Db, profileId: number): Promise<number> {
  const [row] = await db.select({ chats: profiles.chats }).from(profiles).where(eq(profiles.id, profileId));
  return row?.chats ?? 0;
}
