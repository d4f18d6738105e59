/**
 * Reading the queue and one report: what a moderator needs to decide, in one answer. The item is
 * built from one row per report (moderation.queries.ts), the record of both members included, so
 * a page costs two queries whatever its size.
 */
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, notFound } from '../../kernel/errors.ts';
import * as queries from './moderation.queries.ts';
import { isCritical, isLowWeight, MODERATION_MESSAGES, recommendedResolution, type Resolution } from './moderation.rules.ts';
import type { ReportState } from './state-machine.ts';

export const QUEUE_PAGE_DEFAULT = 20;
export const QUEUE_PAGE_MAX = 50;
/** How many of the member's other reports one report's full view lists. */
const OTHER_REPORTS_SHOWN = 20;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface QueueItem {
  id: number;
  category: string;
  critical: boolean;
  note: string | null;
  state: ReportState;
  resolution: Resolution | null;
  created_at: string;
  age_seconds: number;
  assignee: { user_id: number; username: string } | null;
  evidence: { sha256: string; snapshots: number; url: string };
  reported: {
    user_id: number | null;
    username: string | null;
    other_reports: number;
    live_strikes: number;
    strikes: Array<{ id: number; report_id: number; resolution: Resolution; created_at: string; voided_at: string | null }>;
    suspended_until: string | null;
    banned_at: string | null;
  };
  reporter: {
    user_id: number | null;
    username: string | null;
    resolved: number;
    dismissed: number;
    low_weight: boolean;
  };
  recommended: Resolution;
}

export function toItem(row: queries.ItemRow): QueueItem {
  const strikes = row.reported_strikes.map((s) => ({ ...s, created_at: iso(s.created_at) as string, voided_at: iso(s.voided_at) }));
  const liveStrikes = strikes.filter((s) => s.voided_at === null).length;
  return {
    id: row.id,
    category: row.category,
    critical: isCritical(row.category),
    note: row.note,
    state: row.state,
    resolution: row.resolution,
    created_at: iso(row.created_at) as string,
    age_seconds: Math.max(0, row.age_seconds),
    assignee: row.assignee_id === null ? null : { user_id: row.assignee_id, username: row.assignee_username ?? '' },
    evidence: { sha256: row.evidence_sha256, snapshots: row.evidence_count, url: `/api/v1/moderation/reports/${row.id}/` },
    reported: {
      user_id: row.reported_id,
      username: row.reported_username,
      other_reports: row.reported_other_reports,
      live_strikes: liveStrikes,
      strikes,
      suspended_until: iso(row.reported_suspended_until),
      banned_at: iso(row.reported_banned_at),
    },
    reporter: {
      user_id: row.reporter_id,
      username: row.reporter_username,
      resolved: row.reporter_resolved,
      dismissed: row.reporter_dismissed,
      low_weight: isLowWeight(row.reporter_resolved, row.reporter_dismissed),
    },
    recommended: recommendedResolution(row.category, liveStrikes),
  };
}

/** The items of `ids`, in the order of `ids`. */
async function itemsOf(deps: DbDeps, ids: number[]): Promise<QueueItem[]> {
  return (await rowsOf(deps, ids)).map(toItem);
}

/** The rows of `ids`, in the order of `ids`. */
async function rowsOf(deps: DbDeps, ids: number[]): Promise<queries.ItemRow[]> {
  const byId = new Map((await queries.readItemRows(deps.db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page of the queue as `viewerId` sees it: reports about the viewer are left out. */
export async function readQueue(deps: DbDeps, viewerId: number, page: { cursor?: number; limit?: number }) {
  const limit = page.limit ?? QUEUE_PAGE_DEFAULT;
  if (page.cursor !== undefined && !(await queries.reportExists(deps.db, page.cursor))) {
    throw badRequest(MODERATION_MESSAGES.cursorNotFound, { cursor: [MODERATION_MESSAGES.cursorNotFound] });
  }
  // One more than the page, to know whether another page follows.
  const ids = await queries.listQueueIds(deps.db, viewerId, page.cursor, limit + 1);
  const items = await itemsOf(deps, ids.slice(0, limit));
  return { items, next_cursor: ids.length > limit ? ids[limit - 1] : null };
}

/**
 * One report in full: the queue item, every evidence snapshot, the member's other reports and the
 * audit trail. A report about the viewer is 404, as if it did not exist.
 */
export async function readReport(deps: DbDeps, viewerId: number, reportId: number) {
  const [row] = await rowsOf(deps, [reportId]);
  if (!row || row.reported_id === viewerId) throw notFound(MODERATION_MESSAGES.reportNotFound);
  const item = toItem(row);
  const member = { reportedId: row.reported_id, identityId: row.reported_identity_id };
  const [evidence, others, history, appeal] = await Promise.all([
    queries.listEvidence(deps.db, reportId),
    member.reportedId === null && member.identityId === null
      ? []
      : queries.listOtherReports(deps.db, member, reportId, OTHER_REPORTS_SHOWN),
    queries.listHistory(deps.db, reportId),
    queries.findReportAppeal(deps.db, reportId),
  ]);
  return {
    ...item,
    evidence_snapshots: evidence.map((e) => ({ ...e, created_at: iso(e.created_at) as string })),
    other_reports: others.map((o) => ({ ...o, created_at: iso(o.created_at) as string })),
    history: history.map((h) => ({ ...h, at: iso(h.at) as string })),
    // The member's own words: the moderator deciding the appeal has to read what it says.
    appeal: appeal && { ...appeal, created_at: iso(appeal.created_at) as string, decided_at: iso(appeal.decided_at) },
  };
}
