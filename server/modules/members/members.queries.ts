/**
 * Data access every pair action shares. Each takes `db` so a transaction passes straight through.
 */
import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { executePrepared, prepared, preparedQuery, preparedSql } from '../../kernel/db/prepared.ts';
import { blocks, matches, profiles } from '../../kernel/db/schema/index.ts';

/** A member as pair actions need them: the profile, its account and whether it is complete. */
export interface MemberRef {
  profileId: number;
  userId: number;
  isComplete: boolean;
}

export const orderedPair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

const refColumns = { profileId: profiles.id, userId: profiles.userId, isComplete: profiles.isComplete };

/**
 * Reads a member and holds a KEY SHARE lock on their profile row until the transaction ends.
 * Account deletion locks that row FOR UPDATE first, so the two never interleave: an action
 * that got here first finishes (and its rows are then removed and announced by the deletion),
 * one that comes later waits and then finds nobody (404) instead of failing a foreign key.
 * Outside a transaction it is a plain read.
 */
export async function findMemberForShare(db: Db, by: { profileId: number } | { userId: number }): Promise<MemberRef | undefined> {
  const [row] = 'profileId' in by ? await memberByProfileForShare(db, by) : await memberByUserForShare(db, by);
  return row;
}

const memberByProfileForShare = preparedQuery<MemberRef[], { profileId: number }>((db) =>
  db
    .select(refColumns)
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('profileId')))
    .for('key share'),
);
const memberByUserForShare = preparedQuery<MemberRef[], { userId: number }>((db) =>
  db
    .select(refColumns)
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .for('key share'),
);

/**
 * Serialises every action on one pair of profiles (like, unlike, unmatch, block, and the chat
 * actions) until the transaction ends. Checks that must hold against each other, such as "not
 * blocked" against a like in flight, are made after taking it.
 */
export async function lockPair(db: Db, a: number, b: number): Promise<void> {
  const [low, high] = orderedPair(a, b);
  await executePrepared(db, sql`select pg_advisory_xact_lock(hashtextextended(${`pair:${low}:${high}`}, 0))`);
}

/**
 * SQL: the accounts a moderator has restricted right now: banned, or suspended until a moment
 * still ahead (so a suspension ends by itself on the database's clock). A partial index holds
 * exactly the accounts ever restricted, so this is a small index scan whatever the member count.
 */
export const RESTRICTED_ACCOUNTS_SQL = sql`select u.id from users u
      where u.banned_at is not null or u.suspended_until > now()`;

/**
 * SQL: the account in `otherUserId` (a column) is hidden from the viewer by neither side's block,
 * and is not restricted by a moderator. Written as NOT IN over a UNION ALL so discovery's planner
 * runs it as one hashed subplan on the two blocks indexes and the restricted accounts' index,
 * next to its index-only scan.
 */
export function notBlockedEitherWaySql(viewerUserId: number | Placeholder, otherUserId: SQL): SQL {
  return sql`${otherUserId} not in (
      select b.blocked_user_id from blocks b where b.blocker_user_id = ${viewerUserId}
      union all
      select b.blocker_user_id from blocks b where b.blocked_user_id = ${viewerUserId}
      union all
      ${RESTRICTED_ACCOUNTS_SQL})`;
}

/**
 * SQL: the profile under `alias` is visible to the viewer: complete, not the viewer, not blocked
 * either way and not restricted. The set-based form of `isVisibleTo` (members.service.ts).
 */
export function visibleToViewerSql(viewer: { profileId: number; userId: number }, alias: string): SQL {
  const p = sql.identifier(alias);
  return sql.join(
    [sql`${p}.is_complete`, sql`${p}.id <> ${viewer.profileId}`, notBlockedEitherWaySql(viewer.userId, sql`${p}.user_id`)],
    sql` and `,
  );
}

export type BlockState = 'none' | 'blocked-by-me' | 'blocked-me';

const blocksBetween = preparedSql<{ blocker: number | string; via_report: boolean }, { me: number; other: number }>(() => {
  const me = sql.placeholder('me');
  const other = sql.placeholder('other');
  return sql`
    select b.blocker_user_id as blocker, b.via_report from ${blocks} b
    where (b.blocker_user_id = ${me} and b.blocked_user_id = ${other})
       or (b.blocker_user_id = ${other} and b.blocked_user_id = ${me})
    union all
    select u.id, false from users u
    where u.id = ${other} and (u.banned_at is not null or u.suspended_until > now())`;
});

/**
 * Whether `me` blocked `other`, `other` blocked `me`, or neither (a mutual block reads as mine).
 * A block a report recorded on `me`'s side is not `me`'s own: it reads as the other's block, so
 * the reported member sees exactly what a block by the reporter shows them. A member restricted by
 * a moderator reads as having blocked `me`: hidden from everyone while the restriction lasts.
 */
export async function blockStateBetween(db: Db, meUserId: number, otherUserId: number): Promise<BlockState> {
  const rows = await blocksBetween(db, { me: meUserId, other: otherUserId });
  if (rows.some((row) => Number(row.blocker) === meUserId && !row.via_report)) return 'blocked-by-me';
  return rows.length > 0 ? 'blocked-me' : 'none';
}

/** The other member of `matchId` when `profileId` is one of its two, and the state of its chat. */
export async function findMatchOf(db: Db, matchId: number, profileId: number) {
  const [row] = await prepared(
    db
      .select({
        peerProfileId:
          sql<number>`case when ${matches.profileLowId} = ${profileId} then ${matches.profileHighId} else ${matches.profileLowId} end`.mapWith(
            Number,
          ),
        unlockedAt: matches.chatUnlockedAt,
        unlockedBy: matches.chatUnlockedByProfileId,
      })
      .from(matches)
      .where(and(eq(matches.id, matchId), or(eq(matches.profileLowId, profileId), eq(matches.profileHighId, profileId)))),
  );
  return row;
}

/** The caller's profile by user id, so this statement does not wait for callerRef's answer. */
const matchOfForShare = preparedSql<
  { peer_profile_id: number; peer_user_id: number; peer_complete: boolean; unlocked_at: Date | string | null; unlocked_by: number | null },
  { matchId: number; userId: number }
>(() => {
  const userId = sql.placeholder('userId');
  return sql`
    select p.id as peer_profile_id, p.user_id as peer_user_id, p.is_complete as peer_complete,
           m.chat_unlocked_at as unlocked_at, m.chat_unlocked_by_profile_id as unlocked_by
    from (select id from ${profiles} where user_id = ${userId}) me
    join ${matches} m on m.profile_low_id = me.id or m.profile_high_id = me.id
    join ${profiles} p on p.id = case when m.profile_low_id = me.id then m.profile_high_id else m.profile_low_id end
    where m.id = ${sql.placeholder('matchId')}
      and ${notBlockedEitherWaySql(userId, sql`p.user_id`)}
    for share of m`;
});

/**
 * The caller's match `matchId` with its other member, unless either blocked the other (a block
 * removes the match, so this only guards against rows written around the API), the row held FOR
 * SHARE until the transaction ends: removing the match (unlike, unmatch, block, account deletion) and locking or
 * unlocking its chat all write this row, so they wait for the holder, and it for them.
 */
export async function lockMatchOf(db: Db, matchId: number, userId: number) {
  const rows = await matchOfForShare(db, { matchId, userId });
  const row = rows[0];
  if (!row) return undefined;
  return {
    peer: { profileId: Number(row.peer_profile_id), userId: Number(row.peer_user_id), isComplete: row.peer_complete },
    unlockedAt: row.unlocked_at === null ? null : new Date(row.unlocked_at),
    unlockedBy: row.unlocked_by === null ? null : Number(row.unlocked_by),
  };
}
