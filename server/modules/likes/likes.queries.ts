/**
 * Likes and matches data access; each takes `db` so a transaction passes straight through.
 * A match row stores its pair with the lower profile id first (matches_pair_key).
 */
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { prepared } from '../../kernel/db/prepared.ts';
import { likes, matches, profiles, users } from '../../kernel/db/schema/index.ts';
import { chatSummarySql } from '../chat/index.ts';
import { NEW_MATCHES_LIMIT } from './likes.rules.ts';
import { type MemberRef, notBlockedEitherWaySql, orderedPair } from '../members/index.ts';

/** The two ids a pair query needs of a member. */
export type ProfileRef = Pick<MemberRef, 'profileId' | 'userId'>;

export async function findLike(db: Db, fromProfileId: number, toProfileId: number) {
  const [row] = await prepared(
    db
      .select({ id: likes.id, liked: likes.liked, createdAt: likes.createdAt })
      .from(likes)
      .where(and(eq(likes.fromProfileId, fromProfileId), eq(likes.toProfileId, toProfileId))),
  );
  return row;
}

export async function insertLike(db: Db, fromProfileId: number, toProfileId: number, liked: boolean) {
  const [row] = await prepared(
    db.insert(likes).values({ fromProfileId, toProfileId, liked }).returning({ id: likes.id, createdAt: likes.createdAt }),
  );
  return row;
}

/** Turns a pass into a like; the like's time is now. */
export async function markLiked(db: Db, likeId: number) {
  const [row] = await prepared(
    db
      .update(likes)
      .set({ liked: true, createdAt: new Date() })
      .where(eq(likes.id, likeId))
      .returning({ id: likes.id, createdAt: likes.createdAt }),
  );
  return row;
}

export async function deleteLike(db: Db, fromProfileId: number, toProfileId: number): Promise<boolean> {
  const rows = await prepared(
    db
      .delete(likes)
      .where(and(eq(likes.fromProfileId, fromProfileId), eq(likes.toProfileId, toProfileId)))
      .returning({ id: likes.id }),
  );
  return rows.length > 0;
}

/** Removes likes and passes in both directions between two profiles. */
export async function deleteLikesBetween(db: Db, a: number, b: number): Promise<void> {
  await db
    .delete(likes)
    .where(or(and(eq(likes.fromProfileId, a), eq(likes.toProfileId, b)), and(eq(likes.fromProfileId, b), eq(likes.toProfileId, a))));
}

/**
 * Creates the pair's match unless it exists; `created` tells which. `liker` made it with their
 * like and sees the match moment in that like's answer, so it is marked seen for them at once.
 */
export async function insertMatch(db: Db, liker: number, peer: number): Promise<{ id: number; createdAt: Date; created: boolean }> {
  const [low, high] = orderedPair(liker, peer);
  const now = new Date();
  const [inserted] = await prepared(
    db
      .insert(matches)
      .values({
        profileLowId: low,
        profileHighId: high,
        seenByLowAt: liker === low ? now : null,
        seenByHighAt: liker === high ? now : null,
      })
      .onConflictDoNothing({ target: [matches.profileLowId, matches.profileHighId] })
      .returning({ id: matches.id, createdAt: matches.createdAt }),
  );
  if (inserted) return { ...inserted, created: true };
  const existing = await findMatchBetween(db, liker, peer);
  if (!existing) throw new Error(`match of ${low}/${high} vanished between insert and select`);
  return { ...existing, created: false };
}

export async function findMatchBetween(db: Db, a: number, b: number) {
  const [low, high] = orderedPair(a, b);
  const [row] = await prepared(
    db
      .select({ id: matches.id, createdAt: matches.createdAt })
      .from(matches)
      .where(and(eq(matches.profileLowId, low), eq(matches.profileHighId, high))),
  );
  return row;
}

/** Deletes the pair's match (its chat goes with it by cascade); returns its id, if there was one. */
export async function deleteMatchBetween(db: Db, a: number, b: number): Promise<number | null> {
  const [low, high] = orderedPair(a, b);
  const [row] = await prepared(
    db
      .delete(matches)
      .where(and(eq(matches.profileLowId, low), eq(matches.profileHighId, high)))
      .returning({ id: matches.id }),
  );
  return row ? row.id : null;
}

/** Neither the viewer nor the joined profile's account blocked the other. */
const notBlockedWith = (viewerUserId: number): SQL => notBlockedEitherWaySql(viewerUserId, sql`${profiles.userId}`);

const cardColumns = {
  id: profiles.id,
  user_id: profiles.userId,
  username: users.username,
  date_of_birth: profiles.dateOfBirth,
  verified: profiles.verified,
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
  liked_at: likes.createdAt,
};

export type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] | null;
} & { id: number; user_id: number; username: string; verified: boolean; liked_at: Date };

/** Members who liked `me`, not matched with me, not blocked either way; newest first. */
export async function listLikesReceived(db: Db, me: ProfileRef): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.fromProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(likes.toProfileId, me.profileId),
        eq(likes.liked, true),
        notBlockedWith(me.userId),
        sql`not exists (select 1 from ${matches} m where m.profile_low_id = least(${profiles.id}, ${me.profileId}) and m.profile_high_id = greatest(${profiles.id}, ${me.profileId}))`,
      ),
    )
    .orderBy(desc(likes.createdAt), desc(likes.id)) as Promise<CardRow[]>;
}

/** Members `me` liked, not blocked either way; newest first. */
export async function listLikesSent(db: Db, me: ProfileRef): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.toProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(likes.fromProfileId, me.profileId), eq(likes.liked, true), notBlockedWith(me.userId)))
    .orderBy(desc(likes.createdAt), desc(likes.id)) as Promise<CardRow[]>;
}

/** A match of the list as PostgreSQL answers it. */
export interface MatchRow extends Record<string, unknown> {
  match_id: number | string;
  created_at: Date | string;
  chat_unlocked_at: Date | string | null;
  id: number | string;
  user_id: number | string;
  username: string;
  date_of_birth: string | null;
  verified: boolean;
  photo1_url: string | null;
  photo2_url: string | null;
  photo3_url: string | null;
  photo4_url: string | null;
  photo5_url: string | null;
  last_id: number | string | null;
  last_from_me: boolean | null;
  last_text: string | null;
  last_has_photo: boolean | null;
  last_at: Date | string | null;
  unread_count: number | string;
  last_activity_at: Date | string;
}

/**
 * `me`'s matches with the peer's public card, what each chat shows (its newest message and the
 * unread count, by the chat module's rules), latest activity first: the newest of the match, its
 * unlock and its newest visible message. The member's matches come from the pair key and the
 * high-id index; each chat's summary is a short index walk (chat/chat-summary.queries.ts).
 */
export async function listMatches(db: Db, me: ProfileRef): Promise<MatchRow[]> {
  return db.execute<MatchRow>(matchesListSql(me));
}

/** The statement of listMatches, apart so its plan can be checked. */
export function matchesListSql(me: ProfileRef): SQL {
  const chat = chatSummarySql(me.profileId, 'm', 'p');
  return sql`
    select m.id as match_id, m.created_at, m.chat_unlocked_at,
           p.id, p.user_id, u.username, p.date_of_birth, p.verified,
           p.photo1_url, p.photo2_url, p.photo3_url, p.photo4_url, p.photo5_url,
           ${chat.columns},
           greatest(m.created_at, m.chat_unlocked_at, ${chat.lastAt}) as last_activity_at
    from ${matches} m
    join ${profiles} p on p.id = case when m.profile_low_id = ${me.profileId} then m.profile_high_id else m.profile_low_id end
    join ${users} u on u.id = p.user_id
    ${chat.joins}
    where (m.profile_low_id = ${me.profileId} or m.profile_high_id = ${me.profileId})
      and ${notBlockedEitherWaySql(me.userId, sql`p.user_id`)}
    order by last_activity_at desc, m.id desc`;
}

export interface NewMatchRow extends Record<string, unknown> {
  match_id: number | string;
  created_at: Date | string;
  id: number | string;
  user_id: number | string;
  username: string;
  date_of_birth: string | null;
  verified: boolean;
  photo1_url: string | null;
}

/**
 * `me`'s matches whose match moment `me` has not seen, newest first, with the peer's name and
 * photo: read on every app start, so it walks only the partial indexes of unseen rows.
 */
export async function listNewMatches(db: Db, me: ProfileRef): Promise<NewMatchRow[]> {
  return db.execute<NewMatchRow>(sql`
    select m.id as match_id, m.created_at, p.id, p.user_id, u.username, p.date_of_birth, p.verified, p.photo1_url
    from (
      select id, created_at, profile_high_id as peer_id from ${matches} where profile_low_id = ${me.profileId} and seen_by_low_at is null
      union all
      select id, created_at, profile_low_id as peer_id from ${matches} where profile_high_id = ${me.profileId} and seen_by_high_at is null
    ) m
    join ${profiles} p on p.id = m.peer_id
    join ${users} u on u.id = p.user_id
    where p.is_complete and ${notBlockedEitherWaySql(me.userId, sql`p.user_id`)}
    order by m.created_at desc, m.id desc
    limit ${NEW_MATCHES_LIMIT}`);
}

/** Marks `me`'s side of the match seen (the first time only); false when `me` is not in it. */
export async function markMatchSeen(db: Db, matchId: number, me: ProfileRef): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(sql`
    update ${matches}
    set seen_by_low_at = case when profile_low_id = ${me.profileId} then coalesce(seen_by_low_at, now()) else seen_by_low_at end,
        seen_by_high_at = case when profile_high_id = ${me.profileId} then coalesce(seen_by_high_at, now()) else seen_by_high_at end
    where id = ${matchId} and (profile_low_id = ${me.profileId} or profile_high_id = ${me.profileId})
    returning id`);
  return rows.length > 0;
}

/**
 * Turns both swipes of a pair into passes (unmatch): neither shows in the other's likes lists any
 * more, and only a new like from each makes a new match.
 */
export async function passBothWays(db: Db, a: number, b: number): Promise<void> {
  await db
    .update(likes)
    .set({ liked: false })
    .where(or(and(eq(likes.fromProfileId, a), eq(likes.toProfileId, b)), and(eq(likes.fromProfileId, b), eq(likes.toProfileId, a))));
}

export async function findCredits(db: Db, profileId: number): Promise<number> {
  const [row] = await db.select({ chats: profiles.chats }).from(profiles).where(eq(profiles.id, profileId));
  return row?.chats ?? 0;
}

/**
 * Deletes every match of a profile and returns each with its peer, so the caller can announce
 * exactly the rows it removed (account deletion, which holds the profile row FOR UPDATE).
 */
export async function deleteMatchesOf(db: Db, profileId: number): Promise<Array<{ matchId: number; peer: ProfileRef }>> {
  const rows = await db.execute<{ match_id: number; profile_id: number; user_id: number }>(sql`
    with removed as (
      delete from ${matches} m
      where m.profile_low_id = ${profileId} or m.profile_high_id = ${profileId}
      returning m.id, case when m.profile_low_id = ${profileId} then m.profile_high_id else m.profile_low_id end as peer_id
    )
    select removed.id as match_id, p.id as profile_id, p.user_id
    from removed join ${profiles} p on p.id = removed.peer_id`);
  return rows.map((row) => ({
    matchId: Number(row.match_id),
    peer: { profileId: Number(row.profile_id), userId: Number(row.user_id) },
  }));
}
