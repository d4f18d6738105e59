/**
 * Reports of one member by another, the evidence kept with each, and the moderation audit
 * trail. The reports module (server/modules/reports/) owns them.
 *
 * Reports and their evidence outlive both accounts: a member who deletes their account must not
 * erase what was reported about them (or by them), so the user references are ON DELETE SET NULL
 * and the evidence is a self-contained snapshot. The audit table has no foreign keys at all: it
 * is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, added by hand to the migration
 * that creates it), so a SET NULL there would be an update it must refuse.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CRITICAL_CATEGORIES, REPORT_CATEGORIES } from '../../../contract/reports.ts';
import { users } from './accounts.ts';
import { memberIdentities } from './identities.ts';

/** Why a member reports another: the categories the report form offers (one list, shared with the client). */
export { REPORT_CATEGORIES, type ReportCategory } from '../../../contract/reports.ts';

/** A report's life: filed open; moderators review, act or dismiss; the reported member may appeal. */
export const REPORT_STATES = ['open', 'in_review', 'actioned', 'dismissed', 'appealed', 'upheld', 'overturned'] as const;

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** null once the reporter deleted their account. */
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** null once the reported member deleted their account; the evidence keeps who they were. */
    reportedId: bigint('reported_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The reported member's identity when filed (identities.ts): kept when the account is deleted. */
    identityId: bigint('identity_id', { mode: 'number' }).references(() => memberIdentities.id),
    category: text('category').notNull(),
    /** The reporter's words, trimmed; null when none. */
    note: text('note'),
    state: text('state').notNull().default('open'),
    /** The moderator who took the report (the queue, next step). */
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    /** sha256 (hex) of the canonical JSON of the first evidence snapshot. */
    evidenceSha256: text('evidence_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The queue's first sort key: 0 for a critical category, 1 for the others. Derived by the
     * database from the category (which never changes), so the queue's keyset index can use it.
     */
    priority: smallint('priority')
      .notNull()
      .generatedAlwaysAs(sql`case when category in (${sqlList(CRITICAL_CATEGORIES)}) then 0 else 1 end`),
  },
  (t) => [
    // The moderation queue: reports still waiting for a decision (new ones, and appeals against
    // one), critical first, then oldest (the id breaks ties), read by keyset.
    index('reports_queue_idx')
      .on(t.priority, t.createdAt, t.id)
      .where(sql`${t.state} in ('open', 'in_review', 'appealed')`),
    // One open report per reporter and reported member: a repeat joins it.
    uniqueIndex('reports_open_pair_key')
      .on(t.reporterId, t.reportedId)
      .where(sql`${t.state} = 'open'`),
    // The moderation queue: oldest first per state.
    index('reports_state_created_at_idx').on(t.state, t.createdAt),
    // The daily limit counts a reporter's recent reports.
    index('reports_reporter_created_at_idx').on(t.reporterId, t.createdAt),
    index('reports_reported_id_idx').on(t.reportedId),
    index('reports_identity_id_idx').on(t.identityId),
    check('reports_state_check', sql`${t.state} in (${sqlList(REPORT_STATES)})`),
    check('reports_category_check', sql`${t.category} in (${sqlList(REPORT_CATEGORIES)})`),
  ],
);

/**
 * What the report was about, as it stood when it was filed: one row for the filing and one per
 * repeat that joined it (an addendum), each a snapshot with its own sha256.
 */
export const reportEvidence = pgTable(
  'report_evidence',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id),
    /** 'filed' for the report's own snapshot, 'addendum' for a repeat that joined it. */
    kind: text('kind').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    /** sha256 (hex) of the canonical JSON of `snapshot`. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_evidence_report_id_idx').on(t.reportId, t.id),
    check('report_evidence_kind_check', sql`${t.kind} in ('filed', 'addendum')`),
  ],
);

/** Every moderation event, appended and never changed (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The member or moderator who acted; null for the command line (or the system). */
    actorId: bigint('actor_id', { mode: 'number' }),
    reportId: bigint('report_id', { mode: 'number' }),
    /** The member the action was about (the reported member, or whose role changed). */
    subjectId: bigint('subject_id', { mode: 'number' }),
    /** e.g. 'report.filed', 'report.joined', 'role.granted', 'role.revoked'. */
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [index('moderation_audit_report_id_idx').on(t.reportId, t.id), index('moderation_audit_subject_id_idx').on(t.subjectId, t.id)],
);
