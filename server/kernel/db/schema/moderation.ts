/**
 * What moderators decided about members: one strike per actioned report. The moderation module
 * (server/modules/moderation/) owns it. A strike is never deleted: an overturned appeal sets
 * `voided_at`, so the history stays readable and the ladder counts only live strikes.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RESOLUTIONS } from '../../../contract/reports.ts';
import { users } from './accounts.ts';
import { memberIdentities } from './identities.ts';
import { reports } from './reports.ts';

export { RESOLUTIONS, type Resolution } from '../../../contract/reports.ts';

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const moderationStrikes = pgTable(
  'moderation_strikes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The member struck; null once they deleted their account (the strike stays for the record). */
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The member's identity when struck (identities.ts): the strike follows them into a new account. */
    identityId: bigint('identity_id', { mode: 'number' }).references(() => memberIdentities.id),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id),
    resolution: text('resolution').notNull(),
    /** The moderator's reason, as the statement of reasons will quote it. */
    reason: text('reason').notNull(),
    /** The moderator who decided; null once their account is gone. */
    moderatorId: bigint('moderator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an appeal overturned the decision: the strike no longer counts. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    // One strike per report: a decision cannot be written twice.
    uniqueIndex('moderation_strikes_report_id_key').on(t.reportId),
    // The ladder counts a member's live strikes.
    index('moderation_strikes_member_id_idx').on(t.memberId, t.createdAt),
    index('moderation_strikes_identity_id_idx').on(t.identityId),
    check('moderation_strikes_resolution_check', sql`${t.resolution} in (${sqlList(RESOLUTIONS)})`),
  ],
);

/**
 * Statements of reasons: what a member is told about every decision they can feel, and about the
 * outcome of their appeal. Written in the transaction of the decision, never changed; the member
 * reads them in the app (the only thing a restricted member may still read) and gets each by email.
 * The words are stored as sent, so a later change of wording never rewrites what someone was told
 * (only `mailed_at` is ever set afterwards).
 */
export const moderationStatements = pgTable(
  'moderation_statements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The member told; their statements go with their account. */
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id),
    strikeId: bigint('strike_id', { mode: 'number' })
      .notNull()
      .references(() => moderationStrikes.id),
    /** 'decision', 'appeal_upheld' or 'appeal_overturned'. */
    kind: text('kind').notNull(),
    resolution: text('resolution').notNull(),
    /** The report's category, the ground the decision rests on. */
    category: text('category').notNull(),
    /** What was done, in the member's words. */
    decisionText: text('decision_text').notNull(),
    /** The facts: the moderator's reason as written. */
    facts: text('facts').notNull(),
    /** Whether a machine took the decision (moderators decide every report today: false). */
    automated: boolean('automated').notNull().default(false),
    /** The end of a suspension this decision set, when it set one. */
    restrictedUntil: timestamp('restricted_until', { withTimezone: true }),
    /** Until when it can be appealed (decisions only). */
    appealUntil: timestamp('appeal_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its email went out: a redelivered event does not send it again. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('moderation_statements_member_idx').on(t.memberId, t.createdAt),
    // One statement of each kind per strike: a retried decision or appeal outcome writes none twice.
    uniqueIndex('moderation_statements_strike_kind_key').on(t.strikeId, t.kind),
    check('moderation_statements_kind_check', sql`${t.kind} in ('decision', 'appeal_upheld', 'appeal_overturned')`),
  ],
);

/**
 * A member's appeal against a decision: at most one per strike (the unique index), within the
 * window. The report moves `actioned → appealed`; a moderator other than the one who acted decides
 * it, and the decision is recorded here as well as in the audit table.
 */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    strikeId: bigint('strike_id', { mode: 'number' })
      .notNull()
      .references(() => moderationStrikes.id),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id),
    /** The appellant; null once they deleted their account (the appeal stays with the record). */
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Why the member says the decision is wrong. */
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'upheld' or 'overturned' once decided. */
    outcome: text('outcome'),
    deciderId: bigint('decider_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('moderation_appeals_strike_id_key').on(t.strikeId),
    check('moderation_appeals_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('upheld', 'overturned')`),
  ],
);
