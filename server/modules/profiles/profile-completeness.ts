/**
 * The stored is_complete flag, recomputed from the stored profile. Profile saves set it in their
 * own UPDATE; anything else that writes a required field (moderation approving photo 1, deleting
 * a photo) calls this in the same transaction, or discovery keeps showing or hiding the member
 * wrongly. Offered through the profiles entry: the uploads module calls it for
 * the API's photo deletions and for the photo-moderation worker's approvals.
 */
import { eq } from 'drizzle-orm';
import { computeCompleteness } from '../../contract/profile-validation.ts';
import type { Db } from '../../kernel/db/client.ts';
import { profileColumnsNamed, PROFILE_COLUMN_NAMES } from '../../kernel/db/schema/profile-columns.ts';
import { profiles, users } from '../../kernel/db/schema/index.ts';

/** Returns the new flag; false when the member has no profile (a deleted account). */
export async function syncCompleteness(db: Db, userId: number): Promise<boolean> {
  const [record] = await db
    .select({ ...profileColumnsNamed(PROFILE_COLUMN_NAMES), username: users.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!record) return false;
  const { is_complete } = computeCompleteness(record);
  await db.update(profiles).set({ isComplete: is_complete }).where(eq(profiles.userId, userId));
  return is_complete;
}
