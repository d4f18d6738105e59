/** Blocks data access: blocks are between users (the block routes take a profile's user_id). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { blocks, profiles, users } from '../../kernel/db/schema/index.ts';

/** Records the block; repeating it changes nothing. */
export async function insertBlock(db: Db, blockerUserId: number, blockedUserId: number): Promise<boolean> {
  const rows = await db.insert(blocks).values({ blockerUserId, blockedUserId }).onConflictDoNothing().returning({ id: blocks.id });
  return rows.length > 0;
}

/** Removes only the caller's own block of that user. */
export async function deleteBlock(db: Db, blockerUserId: number, blockedUserId: number): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerUserId, blockerUserId), eq(blocks.blockedUserId, blockedUserId)))
    .returning({ id: blocks.id });
  return rows.length > 0;
}

/** The users `blockerUserId` blocked, with their card; newest block first. */
export async function listBlocked(db: Db, blockerUserId: number) {
  return db
    .select({
      user_id: blocks.blockedUserId,
      id: profiles.id,
      username: users.username,
      date_of_birth: profiles.dateOfBirth,
      photo1_url: profiles.photo1Url,
      blocked_at: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedUserId))
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedUserId))
    .where(eq(blocks.blockerUserId, blockerUserId))
    .orderBy(desc(blocks.createdAt), desc(blocks.id));
}
