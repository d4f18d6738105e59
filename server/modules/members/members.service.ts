/**
 * The rules every action between two members shares: who the caller is, who the other member
 * is, the pair lock, and "visible to this member" (not self, complete, not blocked either way).
 *
 * The order matters and is the point of this file: both members are read under a KEY SHARE lock
 * (so an account deletion cannot slip in between), then the pair lock is taken, and only then is
 * visibility checked. A block committed a moment earlier is therefore always seen by a like,
 * unlike or unmatch of the same pair, and a block waits for a like in flight and then undoes it.
 */
import type { Db } from '../../kernel/db/client.ts';
import { settledValue } from '../../kernel/db/prepared.ts';
import { badRequest, forbidden, notFound } from '../../kernel/errors.ts';
import { blockStateBetween, findMemberForShare, lockPair, type MemberRef } from './members.queries.ts';

export const MEMBER_MESSAGES = {
  profileNotFound: 'Profile not found.',
  completeProfileFirst: 'Please complete your profile to continue',
  notYourself: 'You cannot do this with your own profile',
} as const;

/**
 * The signed-in member. Every account gets its profile at sign-up, so a missing one means the
 * account is gone (404). With `complete`, an incomplete profile is refused with 403: browsing
 * and liking need a complete profile, as the app's own screens do.
 */
export async function callerRef(db: Db, userId: number, options: { complete?: boolean } = {}): Promise<MemberRef> {
  const me = await findMemberForShare(db, { userId });
  if (!me) throw notFound(MEMBER_MESSAGES.profileNotFound);
  if (options.complete && !me.isComplete) throw forbidden(MEMBER_MESSAGES.completeProfileFirst);
  return me;
}

export interface Pair {
  me: MemberRef;
  peer: MemberRef;
}

export interface PairOptions {
  /** The caller must have a complete profile (403 otherwise). */
  callerComplete?: boolean;
  /** Answered when the peer is missing or not visible to the caller. */
  notFoundMessage?: string;
  /** Thrown when the caller names themselves. */
  selfError?: () => Error;
  /**
   * The caller's own block of the peer does not hide the peer (only blocking again needs this:
   * repeating a block is harmless). A block by the peer always hides them.
   */
  allowBlockedByMe?: boolean;
  /**
   * The peer is reached whatever stands between the two (a block either way, an incomplete
   * profile): only a report, which must work on the member who hid from the reporter. The peer
   * must still exist (404 otherwise), and the locks are taken as for every other pair action.
   */
  reachHidden?: boolean;
}

/**
 * Opens a pair action inside transaction `tx`: both members locked for share, the pair locked,
 * then the peer checked as visible to the caller. Throws 404 (never 403) when the peer is not
 * visible, so a hidden member cannot be told apart from a missing one.
 */
export async function openPair(
  tx: Db,
  callerUserId: number,
  peer: { profileId: number } | { userId: number },
  options: PairOptions = {},
): Promise<Pair> {
  return (await openPairReading(tx, callerUserId, peer, options, async () => undefined)).pair;
}

/**
 * openPair, plus reads the action needs once the pair is locked (`readUnderLock`, given both
 * members): they answer what holds under the lock, and they travel with it.
 *
 * Two writes instead of four round trips: postgres.js pipelines the queries made in one turn on
 * the transaction's connection and PostgreSQL runs them in the order sent. First both members'
 * rows (caller first, as every pair action takes them); then the pair lock, the block check and
 * the reads, which therefore run once the lock is granted and see what committed before it. They
 * are issued in that order, along the same path through drizzle, so they arrive in that order.
 * Whatever fails, the caller's own problem answers first, then the checks in their usual order.
 */
export async function openPairReading<Read>(
  tx: Db,
  callerUserId: number,
  peer: { profileId: number } | { userId: number },
  options: PairOptions,
  readUnderLock: (pair: Pair) => Promise<Read>,
): Promise<{ pair: Pair; read: Read }> {
  const [caller, found] = await Promise.allSettled([
    callerRef(tx, callerUserId, { complete: options.callerComplete }),
    findMemberForShare(tx, peer),
  ]);
  const me = settledValue(caller);
  const missing = () => notFound(options.notFoundMessage ?? MEMBER_MESSAGES.profileNotFound);
  const self = 'profileId' in peer ? peer.profileId === me.profileId : peer.userId === me.userId;
  if (self) throw options.selfError?.() ?? badRequest(MEMBER_MESSAGES.notYourself);
  const other = settledValue(found);
  if (!other) throw missing();
  const pair = { me, peer: other };
  const [locked, blockState, read] = await Promise.allSettled([
    lockPair(tx, me.profileId, other.profileId),
    blockStateBetween(tx, me.userId, other.userId),
    readUnderLock(pair),
  ]);
  settledValue(locked);
  const state = settledValue(blockState);
  if (options.reachHidden) return { pair, read: settledValue(read) };
  if (!other.isComplete) throw missing();
  if (state === 'blocked-me' || (state === 'blocked-by-me' && !options.allowBlockedByMe)) throw missing();
  return { pair, read: settledValue(read) };
}

/** Whether `viewer` may see `target` at all: another member, complete, not blocked either way. */
export async function isVisibleTo(db: Db, viewer: MemberRef, target: MemberRef): Promise<boolean> {
  if (viewer.profileId === target.profileId) return true;
  if (!target.isComplete) return false;
  return (await blockStateBetween(db, viewer.userId, target.userId)) === 'none';
}
