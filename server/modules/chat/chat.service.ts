/**
 * Reading a chat, sending a message, clearing the conversation from one's own view. A message and
 * its `chat.message_sent` event commit together under the pair lock, so a block or unmatch of the
 * same two members is ordered against it and never leaves a message in a chat that ended.
 */
import type { Static } from 'typebox';
import type { Db } from '../../kernel/db/client.ts';
import { pipelinedTransaction } from '../../kernel/db/pipelined-transaction.ts';
import { settledValue } from '../../kernel/db/prepared.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from '../../kernel/errors.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import { photoRefOf } from '../../kernel/media/index.ts';
import { hitRateLimit } from '../../kernel/rate-limit.ts';
import { claimChatPhoto } from '../uploads/index.ts';
import { type OpenChat, openChatForChange, openChatForRead, openChatForSend } from './chat-membership.ts';
import * as queries from './chat.queries.ts';
import { CHAT_MESSAGES, DEFAULT_PAGE_SIZE, messageText, SEND_LIMIT } from './chat.rules.ts';
import type { ChatMessage, ChatResponse } from './chat.schemas.ts';

export type Message = Static<typeof ChatMessage>;
type Chat = Static<typeof ChatResponse>;

export interface SendLimit {
  max: number;
  windowSeconds: number;
}

export type ChatDeps = DbDeps & { sendLimit?: SendLimit };

/** A stored message as the client sees it; the photo references are signed on the way out. */
export function toMessage(row: queries.MessageRow): Message {
  return {
    id: row.id,
    fromProfileId: row.fromProfileId,
    message: row.body,
    createdAt: row.createdAt.toISOString(),
    photo_thumbnail_url: row.photoThumbnailRef,
    photo_url: row.photoRef,
  };
}

export interface ReadOptions {
  afterId?: number;
  beforeId?: number;
  limit?: number;
}

const LOCKED: Chat = { chat_unlocked: false, messages: [], has_more: false, peer_last_read_message_id: null };

/**
 * A page of the conversation, oldest first. A locked chat shows nothing (not even that history
 * exists); what the caller cleared stays hidden from them. The peer's read position is shown only
 * while both send read receipts: whoever hides theirs sees nobody's, as in the leading apps.
 */
export async function readChat(deps: DbDeps, userId: number, matchId: number, options: ReadOptions = {}): Promise<Chat> {
  if (options.afterId !== undefined && options.beforeId !== undefined) throw badRequest(CHAT_MESSAGES.bothCursors);
  const chat = await openChatForRead(deps.db, userId, matchId);
  if (!chat.unlocked) return LOCKED;
  const { me, peer } = chat;
  const [positions, receipts] = await Promise.all([
    queries.findPositions(deps.db, matchId, [me.profileId, peer.profileId]),
    queries.receiptSettings(deps.db, [me.userId, peer.userId]),
  ]);
  const page = await queries.listMessages(deps.db, {
    matchId,
    floorId: positions.get(me.profileId)?.clearedThroughMessageId ?? 0,
    afterId: options.afterId,
    beforeId: options.beforeId,
    limit: options.limit ?? DEFAULT_PAGE_SIZE,
  });
  const receiptsShown = receipts.get(me.userId) === true && receipts.get(peer.userId) === true;
  return {
    chat_unlocked: true,
    messages: page.rows.map(toMessage),
    has_more: page.hasMore,
    peer_last_read_message_id: receiptsShown ? (positions.get(peer.profileId)?.lastReadMessageId ?? 0) : null,
  };
}

export interface SendInput {
  message?: string;
  uploadId?: string;
}

export interface Sent {
  message: Message;
  /** False when an earlier send with the same Idempotency-Key is answered again. */
  created: boolean;
}

/** Thrown inside the transaction to roll it back when the unique key says the send happened. */
class AlreadySent extends Error {}

/**
 * Sends a message: text (trimmed, 1..2000 characters) and/or one of the sender's approved chat
 * photos, in an unlocked chat. With an Idempotency-Key, a repeat answers the first message and
 * stores nothing, also when both arrive at once (the unique index decides; the loser answers
 * what the winner stored). The per-member rate limit counts stored messages only.
 */
export async function sendMessage(deps: ChatDeps, userId: number, matchId: number, input: SendInput, clientKey?: string): Promise<Sent> {
  const { text, tooLong } = messageText(input.message);
  if (tooLong) throw badRequest(CHAT_MESSAGES.tooLong);
  if (text === '' && input.uploadId === undefined) throw badRequest(CHAT_MESSAGES.empty);
  const key = clientKey ?? null;
  const limit = deps.sendLimit ?? SEND_LIMIT;
  try {
    return await pipelinedTransaction(deps.db, async (tx) => {
      const { chat, row } =
        input.uploadId === undefined
          ? await storeText(tx, userId, matchId, text, key, limit)
          : await storePhoto(tx, userId, matchId, text, input.uploadId, key, limit);
      // Thrown, not returned: the transaction rolls back whatever the repeat spent.
      if (row instanceof Repeat) throw row;
      // A text message's event went out with its insert.
      if (input.uploadId !== undefined) await announce(tx, chat, row);
      return { message: toMessage(row), created: true };
    });
  } catch (error) {
    if (error instanceof Repeat) return answerAgain(error.earlier, matchId);
    if (key === null || !(error instanceof AlreadySent || error instanceof AppError)) throw error;
    // The same key committed in another transaction meanwhile (its insert, or its claim of the
    // same photo, came first): answer what it stored. Without one, the refusal stands.
    const me = await openChatForRead(deps.db, userId, matchId);
    const earlier = await queries.findMessageByClientKey(deps.db, me.me.profileId, key);
    if (!earlier) throw error;
    return answerAgain(earlier, matchId);
  }
}

/** A repeat of an Idempotency-Key that was stored before: answered with the earlier message. */
class Repeat extends Error {
  readonly earlier: queries.MessageRow;
  constructor(earlier: queries.MessageRow) {
    super('the Idempotency-Key was used before');
    this.earlier = earlier;
  }
}

interface Stored {
  chat: OpenChat;
  row: queries.MessageRow | Repeat;
}

/**
 * A text message needs nothing from the access checks to be written, so the insert (with its
 * event, in one statement) and the send allowance go out in the same write as the two locks and
 * the transaction's BEGIN: PostgreSQL runs them in order, the checks' locks first. The answers are read in the order the checks
 * matter; when one fails, the transaction rolls the message and the spent allowance back, so a
 * refused or repeated send never spends it.
 */
async function storeText(tx: Db, userId: number, matchId: number, text: string, key: string | null, limit: SendLimit): Promise<Stored> {
  const [opened, inserted, allowance] = await Promise.allSettled([
    openChatForSend(tx, userId, matchId),
    queries.insertTextMessageAnnounced(tx, { matchId, fromUserId: userId, body: text, clientKey: key }),
    spendSendAllowance(tx, userId, limit),
  ]);
  const chat = settledValue(opened);
  const row = settledValue(inserted);
  if (!chat.unlocked) {
    // Nothing stored under the key (the insert went in, and rolls back): refused. The key was
    // used before: that message is answered again, even though the chat was locked since.
    const earlier = row === undefined && key !== null ? await queries.findMessageByClientKey(tx, chat.me.profileId, key) : undefined;
    if (earlier) return { chat, row: new Repeat(earlier) };
    throw forbidden(CHAT_MESSAGES.sendLocked);
  }
  if (!row) throw new AlreadySent();
  settledValue(allowance);
  return { chat, row };
}

/** A photo message: the checks first, then the sender's own upload is claimed for this chat. */
async function storePhoto(
  tx: Db,
  userId: number,
  matchId: number,
  text: string,
  uploadId: string,
  key: string | null,
  limit: SendLimit,
): Promise<Stored> {
  const chat = await openChatForSend(tx, userId, matchId);
  // A repeat answers what was stored, even if the chat was locked since or its photo is now bound.
  if (key !== null) {
    const earlier = await queries.findMessageByClientKey(tx, chat.me.profileId, key);
    if (earlier) return { chat, row: new Repeat(earlier) };
  }
  if (!chat.unlocked) throw forbidden(CHAT_MESSAGES.sendLocked);
  const photo = await claimChatPhoto(tx, userId, uploadId, matchId);
  const row = await queries.insertMessage(tx, {
    matchId,
    fromProfileId: chat.me.profileId,
    body: text,
    uploadId,
    photoThumbnailRef: photoRefOf(photo.thumbnailKey),
    photoRef: photoRefOf(photo.fullKey),
    clientKey: key,
  });
  if (!row) throw new AlreadySent();
  // Counted after the insert, so a repeat never spends it.
  await spendSendAllowance(tx, userId, limit);
  return { chat, row };
}

function answerAgain(earlier: queries.MessageRow, matchId: number): Sent {
  if (earlier.matchId !== matchId) throw conflict(CHAT_MESSAGES.keyReused);
  return { message: toMessage(earlier), created: false };
}

async function spendSendAllowance(tx: Db, userId: number, limit: SendLimit): Promise<void> {
  const result = await hitRateLimit(tx, `chat:send:${userId}`, limit.max, limit.windowSeconds);
  if (!result.allowed) {
    throw tooManyRequests(CHAT_MESSAGES.tooFast(result.retryAfterSeconds), result.retryAfterSeconds);
  }
}

/** A photo message's event (a text message's is written by its insert, with the same fields). */
async function announce(tx: Db, chat: OpenChat, row: queries.MessageRow): Promise<void> {
  await writeEvent(tx, 'chat.message_sent', {
    messageId: row.id,
    matchId: row.matchId,
    fromUserId: chat.me.userId,
    toUserId: chat.peer.userId,
    hasPhoto: row.photoRef !== null,
    sentAt: row.createdAt.toISOString(),
  });
}

/**
 * Clears the conversation from the caller's own view: every message so far stays hidden from
 * them, the peer keeps the whole history. New messages show as usual. Allowed on a locked chat
 * too (it hides what the member could see again after a new unlock).
 */
export async function clearChat(deps: DbDeps, userId: number, matchId: number): Promise<string> {
  await deps.db.transaction(async (tx) => {
    const { me } = await openChatForChange(tx, userId, matchId);
    await queries.advanceClearedPosition(tx, matchId, me.profileId, await queries.newestMessageId(tx, matchId));
  });
  return CHAT_MESSAGES.cleared;
}
