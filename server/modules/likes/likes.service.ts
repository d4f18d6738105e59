/**
 * Likes and matches: like or pass, a mutual like makes
 * exactly one match, the likes lists, the matches list, unlike and unmatch. Every change and its
 * event (likes.created, matches.created, matches.removed) commit in one transaction.
 */
import type { Static } from 'typebox';
import type { Db } from '../../kernel/db/client.ts';
import { pipelinedTransaction } from '../../kernel/db/pipelined-transaction.ts';
import { settledValue } from '../../kernel/db/prepared.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, notFound } from '../../kernel/errors.ts';
import type { EventPayload } from '../../kernel/events/contracts.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import { ageOf, callerRef, MATCH_NOT_FOUND, MEMBER_MESSAGES, openMatchForRead, openPair, openPairReading } from '../members/index.ts';
import * as queries from './likes.queries.ts';
import type { LikeCard, LikeResponse, MatchItem, NewMatch as NewMatchSchema } from './likes.schemas.ts';

export type LikeAnswer = Static<typeof LikeResponse>;
type Card = Static<typeof LikeCard>;
type Match = Static<typeof MatchItem>;
type NewMatch = Static<typeof NewMatchSchema>;

export const LIKE_MESSAGES = {
  self: 'You cannot like or pass your own profile',
  profileNotFound: MEMBER_MESSAGES.profileNotFound,
  likeNotFound: 'You have not liked this profile.',
  matchNotFound: MATCH_NOT_FOUND,
  seen: 'Match seen',
  unliked: 'Profile unliked successfully',
  unmatched: 'Match removed successfully',
} as const;

export type RemovalReason = EventPayload<'matches.removed'>['reason'];

const members = (a: queries.ProfileRef, b: queries.ProfileRef) =>
  [
    { userId: a.userId, profileId: a.profileId },
    { userId: b.userId, profileId: b.profileId },
  ] as [{ userId: number; profileId: number }, { userId: number; profileId: number }];

/**
 * Deletes the pair's match, if any, and announces it; the caller holds the pair lock in `tx`.
 * Used by unlike, unmatch and block.
 */
export async function removeMatch(tx: Db, me: queries.ProfileRef, peer: queries.ProfileRef, reason: RemovalReason): Promise<number | null> {
  const matchId = await queries.deleteMatchBetween(tx, me.profileId, peer.profileId);
  if (matchId !== null) {
    await writeEvent(tx, 'matches.removed', {
      matchId,
      members: members(me, peer),
      removedByUserId: me.userId,
      reason,
      removedAt: new Date().toISOString(),
    });
  }
  return matchId;
}

/**
 * Removes and announces every match of a member whose account is being deleted; the caller holds
 * the member's profile row FOR UPDATE, so no like can add a match behind this.
 */
export async function removeAllMatchesOf(tx: Db, me: queries.ProfileRef): Promise<void> {
  const removedAt = new Date().toISOString();
  for (const { matchId, peer } of await queries.deleteMatchesOf(tx, me.profileId)) {
    await writeEvent(tx, 'matches.removed', {
      matchId,
      members: members(me, peer),
      removedByUserId: me.userId,
      reason: 'deleted',
      removedAt,
    });
  }
}

/**
 * Like (true) or pass (false). Repeating is idempotent; a pass never undoes a like (unlike does);
 * a like over an earlier pass turns it into a like. A like answered by the peer's like makes the
 * match, once, whoever likes last and also when both like at the same instant.
 */
export async function like(deps: DbDeps, userId: number, toProfileId: number, liked: boolean): Promise<LikeAnswer> {
  // BEGIN goes out with the first reads (both members' rows).
  return pipelinedTransaction(deps.db, async (tx) => {
    // Both directions of the pair's swipes are read under its lock, in the same write as the lock.
    const {
      pair: { me, peer },
      read: [existing, answer],
    } = await openPairReading(
      tx,
      userId,
      { profileId: toProfileId },
      { callerComplete: true, selfError: () => badRequest(LIKE_MESSAGES.self, { to_profile_id: [LIKE_MESSAGES.self] }) },
      ({ me, peer }) =>
        Promise.all([queries.findLike(tx, me.profileId, peer.profileId), queries.findLike(tx, peer.profileId, me.profileId)]),
    );
    const recorded = (row: { id: number; createdAt: Date }) =>
      writeEvent(tx, 'likes.created', {
        likeId: row.id,
        liked,
        fromUserId: me.userId,
        fromProfileId: me.profileId,
        toUserId: peer.userId,
        toProfileId: peer.profileId,
        createdAt: row.createdAt.toISOString(),
      });
    if (!liked) {
      // Only a first swipe is news; repeating a pass, or passing after a like, changes nothing.
      if (!existing) await recorded(await queries.insertLike(tx, me.profileId, peer.profileId, false));
      return { match_created: false, match_id: null };
    }
    const announced = existing?.liked
      ? Promise.resolve()
      : recorded(existing ? await queries.markLiked(tx, existing.id) : await queries.insertLike(tx, me.profileId, peer.profileId, true));
    if (!answer?.liked) {
      await announced;
      return { match_created: false, match_id: null };
    }
    // The like's event and the match go out in one write.
    const [likeAnnounced, matched] = await Promise.allSettled([announced, queries.insertMatch(tx, me.profileId, peer.profileId)]);
    settledValue(likeAnnounced);
    const match = settledValue(matched);
    if (match.created) {
      await writeEvent(tx, 'matches.created', {
        matchId: match.id,
        members: members(me, peer),
        createdAt: match.createdAt.toISOString(),
      });
    }
    return { match_created: match.created, match_id: match.id };
  });
}

/** Removes my like (or pass) of the peer and any match between us, with its chat history. */
export async function unlike(deps: DbDeps, userId: number, peerProfileId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { me, peer } = await openPair(tx, userId, { profileId: peerProfileId });
    const removedLike = await queries.deleteLike(tx, me.profileId, peer.profileId);
    const removedMatch = await removeMatch(tx, me, peer, 'unlike');
    if (!removedLike && removedMatch === null) throw notFound(LIKE_MESSAGES.likeNotFound);
  });
}

/**
 * Ends the match between me and the peer, with its chat history. Both likes become passes, so
 * neither lingers in the other's likes lists (an unmatched member offered back as "Like Back" is
 * not what unmatching means); liking each other again from discovery makes a new match.
 */
export async function unmatch(deps: DbDeps, userId: number, peerProfileId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { me, peer } = await openPair(tx, userId, { profileId: peerProfileId });
    if ((await removeMatch(tx, me, peer, 'unmatch')) === null) throw notFound(LIKE_MESSAGES.matchNotFound);
    await queries.passBothWays(tx, me.profileId, peer.profileId);
  });
}

function toCard(row: queries.CardRow, today: Date): Card {
  const { date_of_birth, liked_at, ...card } = row;
  return { ...card, age: ageOf(date_of_birth as string | null, today), liked_at: new Date(liked_at).toISOString() } as Card;
}

export async function likesReceived(deps: DbDeps, userId: number): Promise<Card[]> {
  const today = new Date();
  return (await queries.listLikesReceived(deps.db, await callerRef(deps.db, userId, { complete: true }))).map((row) => toCard(row, today));
}

export async function likesSent(deps: DbDeps, userId: number): Promise<Card[]> {
  const today = new Date();
  return (await queries.listLikesSent(deps.db, await callerRef(deps.db, userId, { complete: true }))).map((row) => toCard(row, today));
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** My matches, latest activity first, each with what its chat shows (newest message, unread count). */
export async function matchesOf(deps: DbDeps, userId: number): Promise<Match[]> {
  const me = await callerRef(deps.db, userId, { complete: true });
  const [rows, chats] = await Promise.all([queries.listMatches(deps.db, me), queries.findCredits(deps.db, me.profileId)]);
  const today = new Date();
  return rows.map((row) => ({
    match_id: Number(row.match_id),
    id: Number(row.id),
    user_id: Number(row.user_id),
    username: row.username,
    age: ageOf(row.date_of_birth, today),
    verified: row.verified,
    photo1_url: row.photo1_url,
    photo2_url: row.photo2_url,
    photo3_url: row.photo3_url,
    photo4_url: row.photo4_url,
    photo5_url: row.photo5_url,
    has_chat_payment: row.chat_unlocked_at !== null,
    chats,
    created_at: iso(row.created_at),
    last_message:
      row.last_id === null || row.last_at === null
        ? null
        : {
            id: Number(row.last_id),
            from_me: row.last_from_me === true,
            text: row.last_text ?? '',
            has_photo: row.last_has_photo === true,
            sent_at: iso(row.last_at),
          },
    unread_count: Number(row.unread_count),
    last_activity_at: iso(row.last_activity_at),
  }));
}

/** My matches whose moment I have not seen yet (I was away when the other member liked back), newest first. */
export async function newMatchesOf(deps: DbDeps, userId: number): Promise<NewMatch[]> {
  const me = await callerRef(deps.db, userId, { complete: true });
  const today = new Date();
  return (await queries.listNewMatches(deps.db, me)).map((row) => ({
    match_id: Number(row.match_id),
    id: Number(row.id),
    user_id: Number(row.user_id),
    username: row.username,
    age: ageOf(row.date_of_birth, today),
    verified: row.verified,
    photo1_url: row.photo1_url,
    created_at: iso(row.created_at),
  }));
}

/**
 * Marks the match moment seen by me: it is not shown again, on this device or another. Repeating
 * is harmless. A match I am not in, or one that is gone or hidden by a block: 404, as every route
 * that takes a match id answers.
 */
export async function markMatchSeen(deps: DbDeps, userId: number, matchId: number): Promise<void> {
  const { me } = await openMatchForRead(deps.db, userId, matchId);
  // Removed since the check (unmatch, block, deletion): the same 404.
  if (!(await queries.markMatchSeen(deps.db, matchId, me))) throw notFound(MATCH_NOT_FOUND);
}
