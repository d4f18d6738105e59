/**
 * Data access of the moderators' face queue: prints whose face is already verified on another
 * live account (`needs_review`), oldest first, with both accounts side by side.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';

export type FaceItemRow = {
  user_id: string;
  username: string;
  photo1_url: string | null;
  matched_user_id: string | null;
  matched_username: string | null;
  matched_photo1_url: string | null;
  created_at: Date;
};

/**
 * One page after the print of `afterUserId` (by its own filing time, which a decision does not
 * change), leaving out prints of the viewer or matched with the viewer: a moderator does not judge
 * their own face.
 */
export async function listFaceItems(db: Db, viewerId: number, afterUserId: number | undefined, limit: number): Promise<FaceItemRow[]> {
  const after =
    afterUserId === undefined
      ? sql`true`
      : sql`(fp.created_at, fp.user_id) > (select c.created_at, c.user_id from face_prints c where c.user_id = ${afterUserId})`;
  return db.execute<FaceItemRow>(sql`
    select fp.user_id::text, u.username, p.photo1_url, fp.matched_user_id::text, mu.username as matched_username,
           mp.photo1_url as matched_photo1_url, fp.created_at
    from face_prints fp
    join users u on u.id = fp.user_id
    left join profiles p on p.user_id = fp.user_id
    left join users mu on mu.id = fp.matched_user_id
    left join profiles mp on mp.user_id = fp.matched_user_id
    where fp.review_state = 'needs_review' and fp.user_id <> ${viewerId}
      and fp.matched_user_id is distinct from ${viewerId} and ${after}
    order by fp.created_at, fp.user_id
    limit ${limit}`);
}

export async function facePrintExists(db: Db, userId: number): Promise<boolean> {
  return (await db.execute(sql`select 1 from face_prints where user_id = ${userId}`)).length > 0;
}

/** The print, locked until the transaction ends, with the last face decision about it. */
export async function lockFacePrint(db: Db, userId: number) {
  const [row] = await db.execute<{
    review_state: string;
    matched_user_id: string | null;
    last_actor: string | null;
    last_action: string | null;
  }>(sql`
    select fp.review_state, fp.matched_user_id::text,
           (select a.actor_id::text from moderation_audit a where a.subject_id = fp.user_id and a.action like 'face.%' order by a.id desc limit 1) as last_actor,
           (select a.action from moderation_audit a where a.subject_id = fp.user_id and a.action like 'face.%' order by a.id desc limit 1) as last_action
    from face_prints fp where fp.user_id = ${userId} for update of fp`);
  return row;
}
