/**
 * Photo uploads: one row per file a member sends, from the moment the upload is created until
 * moderation approves or rejects it. The uploads module owns the API side, the photo-moderation
 * worker the review. The files themselves live in the media store under the keys kept here.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { faceScans } from './face-scans.ts';

/** awaiting_upload -> pending_review -> approved | rejected | error (the API answers the last four). */
export const UPLOAD_STATES = ['awaiting_upload', 'pending_review', 'approved', 'rejected', 'error'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'profile' (slot 1..5) or 'chat' (no slot). */
    purpose: text('purpose').notNull(),
    slot: smallint('slot'),
    /** As declared when the upload was created; moderation judges the bytes, not this. */
    contentType: text('content_type').notNull(),
    contentLength: integer('content_length').notNull(),
    state: text('state').$type<UploadState>().notNull().default('awaiting_upload'),
    rejectionReason: text('rejection_reason'),
    originalKey: text('original_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    previewKey: text('preview_key'),
    fullKey: text('full_key'),
    /** Photo 1's passed face scan, bound at creation (livenessToken) or by the liveness route. */
    faceScanId: uuid('face_scan_id').references(() => faceScans.id, { onDelete: 'set null' }),
    /** Photo 1's face as moderation saw it, to check a scan bound after the verdict. */
    faceDescriptor: real('face_descriptor').array(),
    /**
     * A chat photo's conversation, set when it is sent: an upload goes into one chat only, and
     * ending that match removes its files. No foreign key: the cleanup runs after the match is gone.
     */
    matchId: bigint('match_id', { mode: 'number' }),
    /** Moderation attempts so far; a job that keeps failing ends in 'error'. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_user_id_idx').on(t.userId, t.createdAt),
    index('uploads_match_id_idx')
      .on(t.matchId)
      .where(sql`${t.matchId} is not null`),
    check('uploads_purpose', sql`${t.purpose} in ('profile', 'chat')`),
    check('uploads_slot', sql`(${t.purpose} = 'profile' and ${t.slot} between 1 and 5) or (${t.purpose} = 'chat' and ${t.slot} is null)`),
    check('uploads_state', sql`${t.state} in ('awaiting_upload', 'pending_review', 'approved', 'rejected', 'error')`),
  ],
);
