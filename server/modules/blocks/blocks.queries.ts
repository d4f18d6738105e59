/** Blocks data access: blocks are between users (the block routes take a profile's user_id). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { blocks, profiles, users } from '../../kernel/db/schema/index.ts';

/**
 * Records the block; repeating it changes nothing (an existing block stays as it was). With
 * `viaReport`, the block is one a report records on the reported member's side.
 */
export async function insertBlock(db: Db, blockerUserId: number, blockedUserId: number, viaReport = false): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ blockerUserId, blockedUserId, viaReport })
    .onConflictDoNothing()
    .returning({ id: blocks.id });
  return rows.length > 0;
}

/** Removes only the caller's own block of that user (never one a report recorded for them). */
export async function deleteBlock(db: Db, blockerUserId: number, blockedUserId: number): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerUserId, blockerUserId), eq(blocks.blockedUserId, blockedUserId), eq(blocks.viaReport, false)))
    .returning({ id: blocks.id });
  return rows.length > 0;
}

/** The users `blockerUserId` blocked, with their card; newest block first (not those a report recorded). */
export async function listBlocked(db: Db, blockerUserId: number) {
  return db
    .select({
      user_id: blocks.blockedUserId,
      id: profiles.id,
      username: users.username,
      date_of_birth: profiles.dateOfBirth,
      photo1_url: profiles.photo1Url,
      home_city: profiles.homeCity,
      home_state: profiles.homeState,
      home_country: profiles.homeCountry,
      height: profiles.height,
      education: profiles.education,
      religion: profiles.religion,
      livelihood: profiles.livelihood,
      relationship_status: profiles.relationshipStatus,
      number_of_kids_wanted: profiles.numberOfKidsWanted,
      blocked_at: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedUserId))
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedUserId))
    .where(and(eq(blocks.blockerUserId, blockerUserId), eq(blocks.viaReport, false)))
    .orderBy(desc(blocks.createdAt), desc(blocks.id));
}
