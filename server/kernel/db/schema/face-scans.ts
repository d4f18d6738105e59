/**
 * Face liveness: one row per scan session a member opens for photo 1, and the face print of each
 * verified member. The frames of a scan are analysed and deleted; only the face's descriptor (128
 * numbers) is kept, to check photo 1 against it and to notice one face on two accounts. Both go
 * with the account.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** open -> processing -> passed | failed. */
export const FACE_SCAN_STATES = ['open', 'processing', 'passed', 'failed'] as const;
export type FaceScanState = (typeof FACE_SCAN_STATES)[number];

export const faceScans = pgTable(
  'face_scans',
  {
    /** Also the session token the client holds: random, unguessable, owner-scoped on every use. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The challenge steps in the order asked. */
    challenge: jsonb('challenge').$type<string[]>().notNull(),
    /** A development-only scan that checks nothing; it never verifies a member. */
    mock: boolean('mock').notNull().default(false),
    state: text('state').$type<FaceScanState>().notNull().default('open'),
    failureReason: text('failure_reason'),
    score: real('score'),
    /** The scan's face, from a passed scan until it is checked against photo 1. */
    descriptor: real('descriptor').array(),
    /** Handed to the client on a pass; binds the scan to the photo 1 upload. */
    livenessToken: uuid('liveness_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('face_scans_user_id_idx').on(t.userId, t.createdAt),
    check('face_scans_state', sql`${t.state} in ('open', 'processing', 'passed', 'failed')`),
  ],
);

/**
 * needs_review: the same face is verified on another live account, and a moderator must look;
 * declined: a moderator judged it the same person on two accounts, so this one gets no badge.
 */
export const FACE_PRINT_REVIEW_STATES = ['clear', 'needs_review', 'declined'] as const;
export type FacePrintReviewState = (typeof FACE_PRINT_REVIEW_STATES)[number];

export const facePrints = pgTable(
  'face_prints',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    descriptor: real('descriptor').array().notNull(),
    reviewState: text('review_state').$type<FacePrintReviewState>().notNull().default('clear'),
    /** The other account whose face this matched, while it exists. */
    matchedUserId: bigint('matched_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('face_prints_review_state', sql`${t.reviewState} in ('clear', 'needs_review', 'declined')`),
    // The moderators' face queue: prints waiting for a look, oldest first.
    index('face_prints_review_queue_idx')
      .on(t.createdAt, t.userId)
      .where(sql`${t.reviewState} = 'needs_review'`),
  ],
);
