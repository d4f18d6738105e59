/**
 * Chat data access; each takes `db` so a transaction passes straight through. A match stores its
 * pair as (lower, higher) profile id; messages, read and clear positions hang off the match and
 * go with it (ON DELETE CASCADE).
 */
import { and, asc, desc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { preparedQuery, preparedSql } from '../../kernel/db/prepared.ts';
import { changeWithEvent } from '../../kernel/events/outbox.ts';
import { chatMessages, chatParticipants, matches, profiles, users } from '../../kernel/db/schema/index.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export interface PageRequest {
  matchId: number;
  /** Messages at or below this id are not shown (the caller's cleared position). */
  floorId: number;
  afterId?: number;
  beforeId?: number;
  limit: number;
}

/**
 * One page, oldest first, and whether more lie beyond it: newer ones when reading forward from
 * `afterId`, older ones otherwise (the newest page, or the page before `beforeId`).
 */
export async function listMessages(db: Db, page: PageRequest): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const forward = page.afterId !== undefined;
  const floor = Math.max(page.floorId, page.afterId ?? 0);
  const conditions = [eq(chatMessages.matchId, page.matchId), gt(chatMessages.id, floor)];
  if (page.beforeId !== undefined) conditions.push(lt(chatMessages.id, page.beforeId));
  // One more than asked: its presence is has_more.
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(...conditions))
    .orderBy(forward ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return { rows: forward ? shown : shown.reverse(), hasMore };
}

/** The newest message id of the chat, 0 when it has none. */
export async function newestMessageId(db: Db, matchId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.matchId, matchId));
  return Number(row?.id ?? 0);
}

export async function findMessageByClientKey(db: Db, fromProfileId: number, clientKey: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.fromProfileId, fromProfileId), eq(chatMessages.clientKey, clientKey)));
  return row;
}

type NewMessage = Pick<MessageRow, 'matchId' | 'body' | 'uploadId' | 'photoThumbnailRef' | 'photoRef' | 'clientKey'>;

/**
 * Stores a message; undefined when the sender already used `clientKey` (the unique index decides,
 * also between two requests racing with the same key).
 */
export async function insertMessage(db: Db, values: NewMessage & { fromProfileId: number }): Promise<MessageRow | undefined> {
  const [row] = await insertFromProfile(db, values);
  return row;
}

const insertFromProfile = preparedQuery<MessageRow[], NewMessage & { fromProfileId: number }>((db) => insertMessageQuery(db));

function insertMessageQuery(db: Db) {
  const value = (name: keyof NewMessage | 'fromProfileId') => sql.placeholder(name);
  return db
    .insert(chatMessages)
    .values({
      matchId: value('matchId'),
      fromProfileId: value('fromProfileId'),
      body: value('body'),
      uploadId: value('uploadId'),
      photoThumbnailRef: value('photoThumbnailRef'),
      photoRef: value('photoRef'),
      clientKey: value('clientKey'),
      // The time of the insert itself, not of the transaction's start (which waited for the pair lock).
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing({
      target: [chatMessages.fromProfileId, chatMessages.clientKey],
      where: sql`${chatMessages.clientKey} is not null`,
    })
    .returning();
}

/**
 * A text message and its `chat.message_sent` event in one statement, the sender named by account
 * (so it goes out beside the access checks without waiting for them); undefined when the sender
 * already used `clientKey`, and then no event either. The checks run before it in the same
 * transaction and roll both back when they fail.
 */
export async function insertTextMessageAnnounced(
  db: Db,
  values: { matchId: number; fromUserId: number; body: string; clientKey: string | null },
): Promise<MessageRow | undefined> {
  const [row] = await insertTextAnnounced(db, values);
  return row && messageFromColumns(row);
}

const insertTextAnnounced = preparedSql<MessageColumns, { matchId: number; fromUserId: number; body: string; clientKey: string | null }>(
  () => {
    const fromUserId = sql`${sql.placeholder('fromUserId')}::bigint`;
    const insert = sql`
    insert into ${chatMessages} (match_id, from_profile_id, body, client_key, created_at)
    values (${sql.placeholder('matchId')}, (select ${profiles.id} from ${profiles} where ${profiles.userId} = ${fromUserId}), ${sql.placeholder('body')}, ${sql.placeholder('clientKey')}, clock_timestamp())
    on conflict (from_profile_id, client_key) where client_key is not null do nothing
    returning *`;
    // The same fields `announce` in chat.service.ts sends for a photo message.
    const payload = sql`jsonb_build_object(
    'messageId', changed.id,
    'matchId', changed.match_id,
    'fromUserId', ${fromUserId},
    'toUserId', (select peer.user_id from ${matches} m
                 join ${profiles} peer on peer.id = case when m.profile_low_id = changed.from_profile_id then m.profile_high_id else m.profile_low_id end
                 where m.id = changed.match_id),
    'hasPhoto', changed.photo_ref is not null,
    'sentAt', to_char(changed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
    return changeWithEvent(insert, 'chat.message_sent', payload);
  },
);

/** A chat_messages row as PostgreSQL names its columns. */
interface MessageColumns extends Record<string, unknown> {
  id: number | string;
  match_id: number | string;
  from_profile_id: number | string;
  body: string;
  upload_id: string | null;
  photo_thumbnail_ref: string | null;
  photo_ref: string | null;
  client_key: string | null;
  created_at: Date | string;
}

function messageFromColumns(row: MessageColumns): MessageRow {
  return {
    id: Number(row.id),
    matchId: Number(row.match_id),
    fromProfileId: Number(row.from_profile_id),
    body: row.body,
    uploadId: row.upload_id,
    photoThumbnailRef: row.photo_thumbnail_ref,
    photoRef: row.photo_ref,
    clientKey: row.client_key,
    createdAt: new Date(row.created_at),
  };
}

export interface Positions {
  lastReadMessageId: number;
  clearedThroughMessageId: number;
}

const NO_POSITIONS: Positions = { lastReadMessageId: 0, clearedThroughMessageId: 0 };

/** Each member's read and clear positions in the chat (zero for a member who has none yet). */
export async function findPositions(db: Db, matchId: number, profileIds: number[]): Promise<Map<number, Positions>> {
  const rows = await db
    .select({
      profileId: chatParticipants.profileId,
      lastReadMessageId: chatParticipants.lastReadMessageId,
      clearedThroughMessageId: chatParticipants.clearedThroughMessageId,
    })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.matchId, matchId), inArray(chatParticipants.profileId, profileIds)));
  const positions = new Map(profileIds.map((id) => [id, NO_POSITIONS]));
  for (const { profileId, ...row } of rows) positions.set(profileId, row);
  return positions;
}

/** Moves a member's position forward to `to` (never back); returns the position now stored. */
async function advancePosition(
  db: Db,
  matchId: number,
  profileId: number,
  column: 'lastReadMessageId' | 'clearedThroughMessageId',
  to: number,
): Promise<number> {
  const target = chatParticipants[column];
  const [row] = await db
    .insert(chatParticipants)
    .values({ matchId, profileId, [column]: to })
    .onConflictDoUpdate({
      target: [chatParticipants.matchId, chatParticipants.profileId],
      set: { [column]: sql`greatest(${target}, excluded.${sql.identifier(target.name)})`, updatedAt: sql`now()` },
    })
    .returning({ position: target });
  return Number(row.position);
}

export const advanceReadPosition = (db: Db, matchId: number, profileId: number, to: number) =>
  advancePosition(db, matchId, profileId, 'lastReadMessageId', to);

export const advanceClearedPosition = (db: Db, matchId: number, profileId: number, to: number) =>
  advancePosition(db, matchId, profileId, 'clearedThroughMessageId', to);

/** Whether each of the given accounts sends read receipts (an account that is gone: false). */
export async function receiptSettings(db: Db, userIds: number[]): Promise<Map<number, boolean>> {
  const rows = await db.select({ id: users.id, on: users.sendReadReceipts }).from(users).where(inArray(users.id, userIds));
  const settings = new Map(userIds.map((id) => [id, false]));
  for (const row of rows) settings.set(row.id, row.on);
  return settings;
}

export async function findReceiptSetting(db: Db, userId: number): Promise<boolean | undefined> {
  const [row] = await db.select({ on: users.sendReadReceipts }).from(users).where(eq(users.id, userId));
  return row?.on;
}

export async function updateReceiptSetting(db: Db, userId: number, on: boolean): Promise<boolean | undefined> {
  const [row] = await db.update(users).set({ sendReadReceipts: on }).where(eq(users.id, userId)).returning({ on: users.sendReadReceipts });
  return row?.on;
}
