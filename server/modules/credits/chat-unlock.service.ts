/**
 * Who may read and write a match's chat, and what it costs. One credit opens one conversation
 * for both members, paid by whoever unlocks first; unlocking an open chat costs nothing. Ending
 * locks it again for both (the history stays, hidden until someone unlocks again); cancelling
 * refunds the unlock to the member who paid, while no message has been written since.
 *
 * Every change runs under the pair lock (members/openPair), so it is ordered against unlike,
 * unmatch, block and account deletion of the same two members; the match row is then locked and
 * read again, since a removal that held the pair lock first has deleted it.
 */
import type { Static } from 'typebox';
import type { Db } from '../../kernel/db/client.ts';
import { onceForKey } from '../../kernel/db/idempotency.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { AppError, conflict } from '../../kernel/errors.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import { MATCH_NOT_FOUND, type MemberRef, openMatchForChange } from '../members/index.ts';
import { changeCredits } from './credit-ledger.ts';
import * as queries from './credits.queries.ts';
import type { ChatAccessResponse } from './credits.schemas.ts';

export const CHAT_ACCESS_MESSAGES = {
  matchNotFound: MATCH_NOT_FOUND,
  unlocked: 'Chat unlocked! You can now send messages.',
  needCredit: 'You need at least 1 credit to unlock this chat',
  ended: 'Chat locked. Unlocking it again takes 1 credit.',
  alreadyLocked: 'This chat is already locked.',
  refunded: 'Chat payment canceled: 1 credit was returned to your balance.',
  notUnlocked: 'This chat is not unlocked, so there is no payment to cancel.',
  notPayer: 'Only the member who unlocked this chat can cancel its payment.',
  alreadyUsed: 'Messages have been sent in this chat since it was unlocked, so its credit cannot be returned.',
} as const;

type ChatAccess = Static<typeof ChatAccessResponse>;

const pairOf = (a: MemberRef, b: MemberRef) =>
  [
    { userId: a.userId, profileId: a.profileId },
    { userId: b.userId, profileId: b.profileId },
  ] as [{ userId: number; profileId: number }, { userId: number; profileId: number }];

/** Locks the chat for both and tells both; `me` is who did it. */
async function lockAgain(tx: Db, matchId: number, me: MemberRef, peer: MemberRef, reason: 'ended' | 'refunded'): Promise<void> {
  await queries.setUnlocked(tx, matchId, null);
  await writeEvent(tx, 'chat.locked', {
    matchId,
    lockedByUserId: me.userId,
    members: pairOf(me, peer),
    reason,
    lockedAt: new Date().toISOString(),
  });
}

/**
 * Spends 1 credit and opens the chat for both; free (and unchanged) when it is already open.
 * With an Idempotency-Key, a retry gets the first answer (`charged: true` if that one paid), so
 * a client whose answer was lost can tell that its own attempt spent the credit.
 */
export async function unlockChat(deps: DbDeps, userId: number, matchId: number, idempotencyKey?: string): Promise<ChatAccess> {
  return deps.db.transaction((tx) =>
    onceForKey(tx, { userId, scope: 'chat.unlock', key: idempotencyKey, input: { matchId } }, () => unlockInside(tx, userId, matchId)),
  );
}

async function unlockInside(tx: Db, userId: number, matchId: number): Promise<ChatAccess> {
  const { me, peer, unlockedAt } = await openMatchForChange(tx, userId, matchId);
  if (unlockedAt) {
    const balance = await queries.creditBalance(tx, me.profileId);
    return { detail: CHAT_ACCESS_MESSAGES.unlocked, match_id: matchId, chat_unlocked: true, charged: false, current_credits: balance };
  }
  const balance = await changeCredits(tx, { profileId: me.profileId, delta: -1, kind: 'spend', cause: 'unlock', matchId });
  if (balance === null) throw new AppError('insufficient_credits', 402, CHAT_ACCESS_MESSAGES.needCredit);
  const at = await queries.setUnlocked(tx, matchId, me.profileId);
  await writeEvent(tx, 'chat.unlocked', {
    matchId,
    unlockedByUserId: me.userId,
    members: pairOf(me, peer),
    unlockedAt: (at as Date).toISOString(),
  });
  return { detail: CHAT_ACCESS_MESSAGES.unlocked, match_id: matchId, chat_unlocked: true, charged: true, current_credits: balance };
}

/** Locks an open chat again for both members; either member may. No credit comes back. */
export async function endChat(deps: DbDeps, userId: number, matchId: number): Promise<ChatAccess> {
  return deps.db.transaction(async (tx) => {
    const { me, peer, unlockedAt } = await openMatchForChange(tx, userId, matchId);
    if (!unlockedAt) throw conflict(CHAT_ACCESS_MESSAGES.alreadyLocked);
    await lockAgain(tx, matchId, me, peer, 'ended');
    const balance = await queries.creditBalance(tx, me.profileId);
    return { detail: CHAT_ACCESS_MESSAGES.ended, match_id: matchId, chat_unlocked: false, charged: false, current_credits: balance };
  });
}

/**
 * Returns the unlock's credit to the member who paid and locks the chat again, while nobody has
 * written in it since the unlock: a mistaken unlock can be undone, a used conversation cannot.
 */
export async function cancelChatPayment(deps: DbDeps, userId: number, matchId: number): Promise<ChatAccess> {
  return deps.db.transaction(async (tx) => {
    const { me, peer, unlockedAt, unlockedBy } = await openMatchForChange(tx, userId, matchId);
    if (!unlockedAt) throw conflict(CHAT_ACCESS_MESSAGES.notUnlocked);
    if (unlockedBy !== me.profileId) throw conflict(CHAT_ACCESS_MESSAGES.notPayer);
    await queries.lockMatchRow(tx, matchId);
    if (await queries.hasMessagesSince(tx, matchId, unlockedAt)) throw conflict(CHAT_ACCESS_MESSAGES.alreadyUsed);
    const balance = await changeCredits(tx, { profileId: me.profileId, delta: 1, kind: 'refund', cause: 'unlock_canceled', matchId });
    await lockAgain(tx, matchId, me, peer, 'refunded');
    return {
      detail: CHAT_ACCESS_MESSAGES.refunded,
      match_id: matchId,
      chat_unlocked: false,
      charged: false,
      current_credits: balance ?? 0,
    };
  });
}
