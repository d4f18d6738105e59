/**
 * Blocking. A block hides both members from each
 * other everywhere: discovery, profile view, likes lists, matches and chat. It removes the match
 * between them (with its chat) and the likes and passes between them, so unblocking restores
 * visibility as between strangers and never brings the match back.
 */
import type { Static } from 'typebox';
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, notFound } from '../../kernel/errors.ts';
import { deleteLikesBetween, removeMatch } from '../likes/index.ts';
import type { Db } from '../../kernel/db/client.ts';
import { ageOf, type MemberRef, openPair } from '../members/index.ts';
import * as queries from './blocks.queries.ts';
import type { BlockedUser } from './blocks.schemas.ts';

export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself',
  userNotFound: 'User not found.',
  notBlocked: 'You have not blocked this user.',
  blocked: 'User blocked successfully',
  unblocked: 'User unblocked successfully',
} as const;

/**
 * Blocks a member the caller can see; blocking again is harmless. A member who blocked the
 * caller, or whose profile is incomplete, is not visible and answers 404 like a missing one.
 */
export async function block(deps: DbDeps, userId: number, targetUserId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { me, peer: target } = await openPair(
      tx,
      userId,
      { userId: targetUserId },
      {
        allowBlockedByMe: true,
        notFoundMessage: BLOCK_MESSAGES.userNotFound,
        selfError: () => badRequest(BLOCK_MESSAGES.self),
      },
    );
    await blockInside(tx, me, target);
  });
}

/**
 * What a block does, inside transaction `tx` whose caller holds the pair lock (openPair): the
 * block row, the pair's match removed (and announced, reason 'block', as removed by `blocker`)
 * with its chat, and the likes and passes between them deleted. With `bothWays` (a report), a
 * block of the blocker is recorded on the blocked member's side too, marked `via_report`, so the
 * two stay apart whoever lifts their own block; the blocked member never sees that row (see the
 * blocks table), and the events written are the same as for one block.
 */
export async function blockInside(tx: Db, blocker: MemberRef, blocked: MemberRef, options: { bothWays?: boolean } = {}): Promise<void> {
  await queries.insertBlock(tx, blocker.userId, blocked.userId);
  if (options.bothWays) await queries.insertBlock(tx, blocked.userId, blocker.userId, true);
  await removeMatch(tx, blocker, blocked, 'block');
  await deleteLikesBetween(tx, blocker.profileId, blocked.profileId);
}

/** Only the blocker's own block is removed; 404 when the caller has not blocked that user. */
export async function unblock(deps: DbDeps, userId: number, targetUserId: number): Promise<void> {
  if (!(await queries.deleteBlock(deps.db, userId, targetUserId))) throw notFound(BLOCK_MESSAGES.notBlocked);
}

export async function blockedUsers(deps: DbDeps, userId: number): Promise<Static<typeof BlockedUser>[]> {
  const today = new Date();
  return (await queries.listBlocked(deps.db, userId)).map(({ date_of_birth, blocked_at, ...row }) => ({
    ...row,
    age: ageOf(date_of_birth, today),
    blocked_at: blocked_at.toISOString(),
  }));
}
