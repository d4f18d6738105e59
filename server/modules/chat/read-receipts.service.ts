/**
 * Read receipts: each member's read position in a chat, and whether they let their chat partners
 * see it. Reciprocal, as in the leading apps: a member who turns receipts off neither shows their
 * own position nor sees anyone else's. The position only moves forward and never past the newest
 * message. The peer hears of a move at once through the push bus: ephemeral on purpose (a missed
 * receipt is harmless, and GET on the chat answers the same position), so no outbox event.
 */
import type { Static } from 'typebox';
import type { PushMessage } from '../../contract/realtime.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { forbidden, notFound } from '../../kernel/errors.ts';
import type { PushBus } from '../../kernel/events/push.ts';
import { MEMBER_MESSAGES } from '../members/index.ts';
import { openChatForChange } from './chat-membership.ts';
import * as queries from './chat.queries.ts';
import { CHAT_MESSAGES } from './chat.rules.ts';
import type { ChatSettings } from './chat.schemas.ts';

export type ReceiptDeps = Pick<ServiceDeps, 'db' | 'log'> & { push: PushBus };
type Settings = Static<typeof ChatSettings>;

/** Moves the caller's read position forward to `lastReadMessageId`; answers the position stored. */
export async function markRead(deps: ReceiptDeps, userId: number, matchId: number, lastReadMessageId: number): Promise<number> {
  const outcome = await deps.db.transaction(async (tx) => {
    const chat = await openChatForChange(tx, userId, matchId);
    if (!chat.unlocked) throw forbidden(CHAT_MESSAGES.readLocked);
    const { me, peer } = chat;
    const before = (await queries.findPositions(tx, matchId, [me.profileId])).get(me.profileId)?.lastReadMessageId ?? 0;
    const newest = await queries.newestMessageId(tx, matchId);
    const position = await queries.advanceReadPosition(tx, matchId, me.profileId, Math.min(lastReadMessageId, newest));
    const receipts = await queries.receiptSettings(tx, [me.userId, peer.userId]);
    const tell = position > before && receipts.get(me.userId) === true && receipts.get(peer.userId) === true;
    return { position, tell, me, peer };
  });
  if (outcome.tell) await tellPeer(deps, matchId, outcome.me.userId, outcome.peer.userId, outcome.position);
  return outcome.position;
}

async function tellPeer(deps: ReceiptDeps, matchId: number, readerUserId: number, peerUserId: number, position: number): Promise<void> {
  const message: PushMessage<'chat.read'> = {
    type: 'chat.read',
    // The same position twice is one push: the gateway drops a repeated id per member.
    id: `chat.read:${matchId}:${readerUserId}:${position}`,
    at: new Date().toISOString(),
    data: { matchId, readerUserId, lastReadMessageId: position },
  };
  try {
    await deps.push.publish(peerUserId, message);
  } catch (error) {
    // The position is stored; the peer sees it on their next poll.
    deps.log.warn({ err: error, matchId }, 'read receipt push failed');
  }
}

export async function readSettings(deps: Pick<ServiceDeps, 'db'>, userId: number): Promise<Settings> {
  const on = await queries.findReceiptSetting(deps.db, userId);
  if (on === undefined) throw notFound(MEMBER_MESSAGES.profileNotFound);
  return { send_read_receipts: on };
}

export async function updateSettings(deps: Pick<ServiceDeps, 'db'>, userId: number, settings: Settings): Promise<Settings> {
  const on = await queries.updateReceiptSetting(deps.db, userId, settings.send_read_receipts);
  if (on === undefined) throw notFound(MEMBER_MESSAGES.profileNotFound);
  return { send_read_receipts: on };
}
