/**
 * Who blocked whom, who liked or passed whom, and the matches mutual likes made. The likes
 * module (server/modules/likes/) and the blocks module own their behaviour. Every reference
 * cascades, so deleting an account removes its rows.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { profiles } from './profiles.ts';

/** Blocks are between users (POST /block/{id}/ takes the user_id of a profile). */
export const blocks = pgTable(
  'blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    blockerUserId: bigint('blocker_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: bigint('blocked_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Recorded by a report on the reported member's side (the reported member blocking the
     * reporter), so the two stay apart whoever lifts their own block. The reported member never
     * sees it: it is not in their blocked list, they cannot lift it, and their block state reads
     * as if only the reporter had blocked them, so nothing tells a report from a block.
     */
    viaReport: boolean('via_report').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.blockerUserId, t.blockedUserId),
    index('blocks_blocked_user_id_idx').on(t.blockedUserId),
    check('blocks_not_self', sql`${t.blockerUserId} <> ${t.blockedUserId}`),
  ],
);

/** One row per (from, to) pair: liked true is a like, false a pass. */
export const likes = pgTable(
  'likes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fromProfileId: bigint('from_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toProfileId: bigint('to_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    liked: boolean('liked').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('likes_pair_key').on(t.fromProfileId, t.toProfileId),
    index('likes_to_profile_id_idx').on(t.toProfileId),
    check('likes_not_self', sql`${t.fromProfileId} <> ${t.toProfileId}`),
  ],
);

/**
 * A match between two profiles, stored once per pair with the lower profile id first. The unique
 * pair key is what makes two simultaneous mutual likes produce one row (INSERT ... ON CONFLICT
 * DO NOTHING). Chat messages will reference the match with ON DELETE CASCADE, so deleting the
 * row (unlike, unmatch, block, account deletion) removes the chat history with it.
 */
export const matches = pgTable(
  'matches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileLowId: bigint('profile_low_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileHighId: bigint('profile_high_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a member spends a credit on this chat (the chat issue); null while locked. */
    chatUnlockedAt: timestamp('chat_unlocked_at', { withTimezone: true }),
    chatUnlockedByProfileId: bigint('chat_unlocked_by_profile_id', { mode: 'number' }).references(() => profiles.id, {
      onDelete: 'set null',
    }),
    /**
     * When each member saw the match moment (the "It's a match" screen); null until then. The
     * member whose like made the match sees it in the like's answer, so theirs is set on insert;
     * the other one's is set when their app has shown it (live through the push, or on next open).
     */
    seenByLowAt: timestamp('seen_by_low_at', { withTimezone: true }),
    seenByHighAt: timestamp('seen_by_high_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('matches_pair_key').on(t.profileLowId, t.profileHighId),
    index('matches_profile_high_id_idx').on(t.profileHighId),
    // A member's unseen matches, read on every app start: only the few unseen rows are indexed.
    index('matches_unseen_low_idx')
      .on(t.profileLowId)
      .where(sql`${t.seenByLowAt} is null`),
    index('matches_unseen_high_idx')
      .on(t.profileHighId)
      .where(sql`${t.seenByHighAt} is null`),
    check('matches_ordered_pair', sql`${t.profileLowId} < ${t.profileHighId}`),
  ],
);
