/**
 * Moderation data access: plain `verbNoun(db, ...)` functions, so a transition's transaction
 * passes straight through. The queue reads one page of ids by keyset, then each item's record in
 * one query (no query per item).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { moderationStrikes, reports, users } from '../../kernel/db/schema/index.ts';
import { banIdentity } from '../identities/index.ts';
import type { Resolution } from './moderation.rules.ts';
import type { ReportState } from './state-machine.ts';

/** Ids are bigint columns, which the driver hands over as text in raw statements. */
const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export async function isModerator(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === 'moderator';
}

export interface LockedReport {
  id: number;
  state: ReportState;
  category: string;
  reporterId: number | null;
  reportedId: number | null;
  assigneeId: number | null;
  resolution: string | null;
}

/** The report, locked until the transaction ends: a second transition of it waits, then sees the first. */
export async function lockReport(db: Db, reportId: number): Promise<LockedReport | undefined> {
  const [row] = await db
    .select({
      id: reports.id,
      state: reports.state,
      category: reports.category,
      reporterId: reports.reporterId,
      reportedId: reports.reportedId,
      assigneeId: reports.assigneeId,
      resolution: reports.resolution,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
    .for('update');
  return row as LockedReport | undefined;
}

export async function updateReport(
  db: Db,
  reportId: number,
  values: { state: ReportState; assigneeId?: number; resolution?: Resolution },
): Promise<void> {
  await db
    .update(reports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reports.id, reportId));
}

export async function insertStrike(
  db: Db,
  values: { memberId: number; reportId: number; resolution: Resolution; reason: string; moderatorId: number },
): Promise<number> {
  // The member's identity goes with the strike (kept when the account is deleted); the account's
  // row is locked as the identity record's merges lock it, so the identity read is the current one.
  const identityId = sql`(select identity_id from users where id = ${values.memberId} for no key update)`;
  const [row] = await db
    .insert(moderationStrikes)
    .values({ ...values, identityId })
    .returning({ id: moderationStrikes.id });
  return row.id;
}

/**
 * A suspension of `days` from now (never shortening one already longer). Answers the account's
 * end (`until`) and this decision's own (`ownEnd`): the statement names the latter, and an
 * overturn recomputes the account's end from the live decisions' own ends.
 */
export async function suspendMember(db: Db, memberId: number, days: number): Promise<{ until: Date; ownEnd: Date }> {
  // Whole milliseconds, as a JavaScript Date carries the end into the statement: an overturn then
  // restores an account's end from the statements exactly, not a few microseconds off.
  const ownEnd = sql`date_trunc('milliseconds', now() + make_interval(days => ${days}))`;
  const [row] = await db.execute<{ until: Date; own_end: Date }>(sql`
    update users set suspended_until = greatest(coalesce(suspended_until, now()), ${ownEnd})
    where id = ${memberId} returning suspended_until as until, ${ownEnd} as own_end`);
  return { until: new Date(row.until), ownEnd: new Date(row.own_end) };
}

/** A ban: no end. An earlier ban keeps its time. The member's identity is banned too (no new account with its email or phone). */
export async function banMember(db: Db, memberId: number): Promise<Date> {
  const [row] = await db.execute<{ at: Date; identity_id: string | null }>(sql`
    update users set banned_at = coalesce(banned_at, now()) where id = ${memberId} returning banned_at as at, identity_id`);
  await banIdentity(db, idOrNull(row.identity_id), new Date(row.at));
  return new Date(row.at);
}

/**
 * One page of the queue (open and in review; critical first, then oldest, the id breaking ties),
 * after the report `afterId` in that order, leaving out reports about the viewer. The sort key of `afterId` is read from its own row,
 * which never changes it (the category and filing time are fixed), so a page boundary holds even
 * when that report has left the queue since.
 */
export async function listQueueIds(db: Db, viewerId: number, afterId: number | undefined, limit: number): Promise<number[]> {
  const after =
    afterId === undefined
      ? sql`true`
      : sql`(r.priority, r.created_at, r.id) > (select c.priority, c.created_at, c.id from reports c where c.id = ${afterId})`;
  const rows = await db.execute<{ id: number }>(sql`
    select r.id from reports r
    where r.state in ('open', 'in_review', 'appealed') and r.reported_id is distinct from ${viewerId} and ${after}
    order by r.priority, r.created_at, r.id
    limit ${limit}`);
  return rows.map((row) => Number(row.id));
}

export async function reportExists(db: Db, reportId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from reports where id = ${reportId}`);
  return rows.length > 0;
}

export type ItemRow = {
  id: number;
  category: string;
  note: string | null;
  state: ReportState;
  resolution: Resolution | null;
  created_at: Date;
  age_seconds: number;
  evidence_sha256: string;
  evidence_count: number;
  assignee_id: number | null;
  assignee_username: string | null;
  reported_id: number | null;
  /** The reported member's identity (not shown: the record below counts by it). */
  reported_identity_id: number | null;
  reported_username: string | null;
  reported_suspended_until: Date | null;
  reported_banned_at: Date | null;
  reported_other_reports: number;
  reported_strikes: Array<{ id: number; report_id: number; resolution: Resolution; created_at: string; voided_at: string | null }>;
  reporter_id: number | null;
  reporter_username: string | null;
  reporter_resolved: number;
  reporter_dismissed: number;
};

const RESOLVED_STATES = sql.raw(`'actioned', 'dismissed', 'appealed', 'upheld', 'overturned'`);

/**
 * The records of the reports `ids` (in no particular order): everything a queue item shows. The
 * reported member's other reports and strikes are counted by their identity as well as by their
 * account, so those against an earlier, deleted account of the same person count too.
 */
export async function readItemRows(db: Db, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const idList: SQL = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await db.execute<ItemRow>(sql`
    select r.id, r.category, r.note, r.state, r.resolution, r.created_at,
           floor(extract(epoch from now() - r.created_at))::int as age_seconds,
           r.evidence_sha256,
           (select count(*)::int from report_evidence e where e.report_id = r.id) as evidence_count,
           r.assignee_id, a.username as assignee_username,
           r.reported_id, r.identity_id as reported_identity_id, rd.username as reported_username,
           rd.suspended_until as reported_suspended_until, rd.banned_at as reported_banned_at,
           (select count(*)::int from reports o
            where (o.reported_id = r.reported_id or o.identity_id = r.identity_id) and o.id <> r.id) as reported_other_reports,
           coalesce((select json_agg(json_build_object('id', s.id, 'report_id', s.report_id, 'resolution', s.resolution,
                                                       'created_at', s.created_at, 'voided_at', s.voided_at) order by s.id)
                     from moderation_strikes s where s.member_id = r.reported_id or s.identity_id = r.identity_id), '[]'::json)
             as reported_strikes,
           r.reporter_id, rp.username as reporter_username,
           (select count(*)::int from reports o where o.reporter_id = r.reporter_id and o.state in (${RESOLVED_STATES})) as reporter_resolved,
           (select count(*)::int from reports o where o.reporter_id = r.reporter_id and o.state = 'dismissed') as reporter_dismissed
    from reports r
    left join users a on a.id = r.assignee_id
    left join users rd on rd.id = r.reported_id
    left join users rp on rp.id = r.reporter_id
    where r.id in (${idList})`);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    assignee_id: idOrNull(row.assignee_id),
    reported_id: idOrNull(row.reported_id),
    reported_identity_id: idOrNull(row.reported_identity_id),
    reporter_id: idOrNull(row.reporter_id),
  }));
}

export type EvidenceRow = {
  kind: 'filed' | 'addendum';
  sha256: string;
  created_at: Date;
  snapshot: Record<string, unknown>;
};

export async function listEvidence(db: Db, reportId: number): Promise<EvidenceRow[]> {
  const rows = await db.execute<EvidenceRow>(sql`
    select kind, sha256, created_at, snapshot from report_evidence where report_id = ${reportId} order by id`);
  return [...rows];
}

export type HistoryRow = {
  at: Date;
  actor_id: number | null;
  action: string;
  from_state: string | null;
  to_state: string | null;
  detail: Record<string, unknown>;
};

/** The report's audit trail, oldest first. */
export async function listHistory(db: Db, reportId: number): Promise<HistoryRow[]> {
  const rows = await db.execute<HistoryRow>(sql`
    select at, actor_id, action, from_state, to_state, detail from moderation_audit where report_id = ${reportId} order by id`);
  return rows.map((row) => ({ ...row, actor_id: idOrNull(row.actor_id) }));
}

export type AppealRow = { text: string; created_at: Date; outcome: string | null; decided_at: Date | null };

/** The member's appeal against the report's decision, the latest if a report ever had more than one strike. */
export async function findReportAppeal(db: Db, reportId: number): Promise<AppealRow | null> {
  const [row] = await db.execute<AppealRow>(sql`
    select text, created_at, outcome, decided_at from moderation_appeals where report_id = ${reportId} order by id desc limit 1`);
  return row ?? null;
}

export type EarlierReportRow = {
  id: number;
  category: string;
  state: string;
  resolution: string | null;
  created_at: Date;
};

/** Other reports of the same member (their account, or their identity: earlier accounts too), newest first (at most `limit`). */
export async function listOtherReports(
  db: Db,
  member: { reportedId: number | null; identityId: number | null },
  exceptId: number,
  limit: number,
): Promise<EarlierReportRow[]> {
  const rows = await db.execute<EarlierReportRow>(sql`
    select id, category, state, resolution, created_at from reports
    where (reported_id = ${member.reportedId} or identity_id = ${member.identityId}) and id <> ${exceptId}
    order by created_at desc, id desc limit ${limit}`);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
