/**
 * What moderators decided about members: one strike per actioned report. The moderation module
 * (server/modules/moderation/) owns it. A strike is never deleted: an overturned appeal sets
 * `voided_at`, so the history stays readable and the ladder counts only live strikes.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
