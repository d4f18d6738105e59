/**
 * A match as the chat and unlock routes reach it: by its id, only by one of its two members,
 * and only while the other one is still there, complete and not blocked either way. Everyone
 * else gets the same 404 as for a match that never existed, so a match cannot be told apart from
 * nothing. The caller needs a complete profile (403), as for the matches list.
 *
 * For a change, both members and the pair are locked (openPair), which orders it against unlike,
 * unmatch, block, account deletion and every other chat or unlock change of the same two; the
 * match is then read again, since a removal that held the pair lock first has deleted it. Reads
 * take no lock.
 */
import type { Db } from '../../kernel/db/client.ts';
import { settledValue } from '../../kernel/db/prepared.ts';
import { notFound } from '../../kernel/errors.ts';
import { findMatchOf, findMemberForShare, lockMatchOf, type MemberRef } from './members.queries.ts';
import { callerRef, isVisibleTo, openPair } from './members.service.ts';

export const MATCH_NOT_FOUND = 'Match not found.';

export interface OpenMatch {
  matchId: number;
  me: MemberRef;
  peer: MemberRef;
  /** When its chat was unlocked; null while locked. */
  unlockedAt: Date | null;
  /** The profile that paid for the unlock. */
  unlockedBy: number | null;
}

const missing = () => notFound(MATCH_NOT_FOUND);

/** For a change, inside transaction `tx`: both members and the pair stay locked until it ends. */
export async function openMatchForChange(tx: Db, userId: number, matchId: number): Promise<OpenMatch> {
  const caller = await callerRef(tx, userId, { complete: true });
  const found = await findMatchOf(tx, matchId, caller.profileId);
  if (!found) throw missing();
  const { me, peer } = await openPair(tx, userId, { profileId: found.peerProfileId }, { notFoundMessage: MATCH_NOT_FOUND });
  const current = await findMatchOf(tx, matchId, me.profileId);
  if (!current) throw missing();
  return { matchId, me, peer, unlockedAt: current.unlockedAt, unlockedBy: current.unlockedBy };
}

/** For a read: the same checks, without locks. */
export async function openMatchForRead(db: Db, userId: number, matchId: number): Promise<OpenMatch> {
  const me = await callerRef(db, userId, { complete: true });
  const found = await findMatchOf(db, matchId, me.profileId);
  if (!found) throw missing();
  const peer = await findMemberForShare(db, { profileId: found.peerProfileId });
  if (!peer || !(await isVisibleTo(db, me, peer))) throw missing();
  return { matchId, me, peer, unlockedAt: found.unlockedAt, unlockedBy: found.unlockedBy };
}

/**
 * For the busiest change, sending a message, in two statements instead of the pair lock's six:
 * the caller's profile row for key share (as callerRef takes it, first, so an account deletion
 * and this never wait on each other in opposite orders), then the match row for share. That row
 * lock orders the send against everything that could make it wrong: unlike, unmatch, block and
 * account deletion delete the row, ending or cancelling an unlock updates it. The block check
 * and the peer's completeness are part of the same statement.
 *
 * Both statements go out together, in one write: postgres.js pipelines queries made in the same
 * turn on the transaction's one connection, and PostgreSQL runs them in the order sent, so the
 * caller's row is still locked before the match row. They are issued in that order here, along
 * the same path through drizzle, so they reach the connection in that order.
 */
export async function openMatchForMessage(tx: Db, userId: number, matchId: number): Promise<OpenMatch> {
  const [caller, locked] = await Promise.allSettled([callerRef(tx, userId, { complete: true }), lockMatchOf(tx, matchId, userId)]);
  // The caller's own problem (no profile, incomplete) answers first, as when run one by one.
  const me = settledValue(caller);
  const match = settledValue(locked);
  if (!match || !match.peer.isComplete) throw missing();
  return { matchId, me, peer: match.peer, unlockedAt: match.unlockedAt, unlockedBy: match.unlockedBy };
}
