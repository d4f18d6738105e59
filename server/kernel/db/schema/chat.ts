/**
 * Chat between the two members of a match. Everything here hangs off the match with ON DELETE
 * CASCADE, so ending the match (unlike, unmatch, block, account deletion) removes the
 * conversation and every member's read and clear positions with it. The chat module owns it.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';
import { matches } from './social.ts';
import { uploads } from './uploads.ts';

/** Longest message text, in characters, after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    fromProfileId: bigint('from_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Trimmed text; empty when the message is a photo without a caption. */
    body: text('body').notNull().default(''),
    /** The approved chat upload shown with the message. */
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Media references (media:<key>) of the photo's thumbnail and full size. */
    photoThumbnailRef: text('photo_thumbnail_ref'),
    photoRef: text('photo_ref'),
    /** The sender's Idempotency-Key: a retried send finds its first message instead of a second. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_match_id_idx').on(t.matchId, t.id),
    uniqueIndex('chat_messages_client_key')
      .on(t.fromProfileId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    check('chat_messages_body_length', sql`char_length(${t.body}) <= ${sql.raw(String(CHAT_MESSAGE_MAX_LENGTH))}`),
    check('chat_messages_not_empty', sql`${t.body} <> '' or ${t.photoRef} is not null`),
  ],
);

/**
 * Each member's own positions in a conversation: the last message they read (read receipts) and
 * the last one they cleared from their own view (DELETE on the chat clears it for the caller only).
 */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    clearedThroughMessageId: bigint('cleared_through_message_id', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.profileId] })],
);
