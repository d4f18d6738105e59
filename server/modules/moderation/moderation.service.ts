/**
 * Moderators' decisions on reports. Every change goes through `transition`: the report row is
 * locked (a second claim or decision of the same report waits, then sees the first one's result),
 * the state machine names the next state or the 409, and the new state and exactly one audit row
 * are written in the same transaction. A repeat of a request that already succeeded (the same
 * moderator claiming again, or sending the same decision again) answers as the first did and
 * writes nothing.
 */
import type { Db } from '../../kernel/db/client.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../kernel/errors.ts';
import { insertAuditEntry } from '../reports/index.ts';
import * as queries from './moderation.queries.ts';
import { MODERATION_MESSAGES, reasonText, type Resolution, SUSPENSION_DAYS } from './moderation.rules.ts';
import { nextState, type ReportAction, type ReportState } from './state-machine.ts';
import { issueStatement } from './statements.service.ts';

export type Decision = { action: 'dismiss' } | { action: 'act'; resolution: Resolution; reason: string };

/** The decision a request body describes, or the 400 saying what is missing or extra. */
export function decisionOf(body: { action: string; resolution?: string; reason?: string }): Decision {
  if (body.action === 'dismiss') {
    if (body.resolution !== undefined || body.reason !== undefined) throw badRequest(MODERATION_MESSAGES.dismissTakesNothing);
    return { action: 'dismiss' };
  }
  if (body.resolution === undefined) {
    throw badRequest(MODERATION_MESSAGES.resolutionRequired, { resolution: [MODERATION_MESSAGES.resolutionRequired] });
  }
  return { action: 'act', resolution: body.resolution as Resolution, reason: checkedReason(body.reason ?? '') };
}

/** The audit name of each action: `report.<past tense>`. */
const AUDITED: Record<ReportAction, string> = {
  claim: 'report.claimed',
  act: 'report.actioned',
  dismiss: 'report.dismissed',
  appeal: 'report.appealed',
  uphold: 'report.upheld',
  overturn: 'report.overturned',
};

/**
 * The report, locked; 404 when there is none, and when it is about the moderator themselves: a
 * reported moderator must not learn of the report (nor who filed it) through their role.
 */
async function lockOrNotFound(tx: Db, reportId: number, moderatorId: number): Promise<queries.LockedReport> {
  const report = await queries.lockReport(tx, reportId);
  if (!report || report.reportedId === moderatorId) throw notFound(MODERATION_MESSAGES.reportNotFound);
  return report;
}

/** One step of the state machine with its one audit row; `changes` are written with the new state. */
async function transition(
  tx: Db,
  report: queries.LockedReport,
  step: {
    action: ReportAction;
    actorId: number;
    changes?: { assigneeId?: number; resolution?: Resolution };
    detail?: Record<string, unknown>;
  },
): Promise<ReportState> {
  const next = nextState(report.state, step.action);
  if (!next.ok) throw conflict(next.message);
  await queries.updateReport(tx, report.id, { state: next.to, ...step.changes });
  await insertAuditEntry(tx, {
    actorId: step.actorId,
    reportId: report.id,
    subjectId: report.reportedId,
    action: AUDITED[step.action],
    fromState: report.state,
    toState: next.to,
    detail: step.detail ?? {},
  });
  return next.to;
}

/**
 * open → in_review, the caller assigned. A second moderator's claim is 409; the same moderator's
 * repeat is a no-op; a report the caller filed is 403 (they may not judge their own complaint).
 */
export async function claimReport(deps: DbDeps, moderatorId: number, reportId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const report = await lockOrNotFound(tx, reportId, moderatorId);
    if (report.state === 'in_review' && report.assigneeId === moderatorId) return;
    if (report.reporterId === moderatorId) throw forbidden(MODERATION_MESSAGES.ownReport);
    await transition(tx, report, { action: 'claim', actorId: moderatorId, changes: { assigneeId: moderatorId } });
  });
}

/** Whether the locked report already shows this very decision by this moderator (a retry). */
function alreadyDecided(report: queries.LockedReport, moderatorId: number, decision: Decision): boolean {
  if (report.assigneeId !== moderatorId) return false;
  if (decision.action === 'dismiss') return report.state === 'dismissed';
  return report.state === 'actioned' && report.resolution === decision.resolution;
}

/** in_review → dismissed, or → actioned with a strike and, for a suspension or ban, the restriction. Only the assignee. */
export async function decideReport(deps: DbDeps, moderatorId: number, reportId: number, decision: Decision): Promise<void> {
  const reason = decision.action === 'act' ? checkedReason(decision.reason) : null;
  await deps.db.transaction(async (tx) => {
    const report = await lockOrNotFound(tx, reportId, moderatorId);
    if (alreadyDecided(report, moderatorId, decision)) return;
    const next = nextState(report.state, decision.action);
    if (!next.ok) throw conflict(next.message);
    if (report.assigneeId !== moderatorId) throw forbidden(MODERATION_MESSAGES.onlyAssignee);
    if (decision.action === 'dismiss') {
      await transition(tx, report, { action: 'dismiss', actorId: moderatorId });
      return;
    }
    await act(tx, report, moderatorId, decision.resolution, reason as string);
  });
}

async function act(tx: Db, report: queries.LockedReport, moderatorId: number, resolution: Resolution, reason: string): Promise<void> {
  const memberId = report.reportedId;
  if (memberId === null) throw conflict(MODERATION_MESSAGES.memberGone);
  const strikeId = await queries.insertStrike(tx, { memberId, reportId: report.id, resolution, reason, moderatorId });
  const days = SUSPENSION_DAYS[resolution];
  const suspension = days !== null ? await queries.suspendMember(tx, memberId, days) : null;
  const restriction =
    resolution === 'ban'
      ? { banned_at: (await queries.banMember(tx, memberId)).toISOString() }
      : suspension
        ? { suspended_until: suspension.until.toISOString() }
        : {};
  const statementId = await issueStatement(tx, {
    memberId,
    reportId: report.id,
    strikeId,
    kind: 'decision',
    resolution,
    category: report.category,
    facts: reason,
    restrictedUntil: suspension?.ownEnd ?? null,
  });
  await transition(tx, report, {
    action: 'act',
    actorId: moderatorId,
    changes: { resolution },
    detail: { resolution, reason, strike_id: strikeId, statement_id: statementId, ...restriction },
  });
}

/** The reason as stored, or the 400 naming the rule it breaks (a decision's and an appeal outcome's alike). */
export function checkedReason(raw: string): string {
  const { reason, problem } = reasonText(raw);
  const message =
    problem === 'control'
      ? MODERATION_MESSAGES.reasonControl
      : problem === 'tooLong'
        ? MODERATION_MESSAGES.reasonTooLong
        : problem === 'required'
          ? MODERATION_MESSAGES.reasonRequired
          : null;
  if (message) throw badRequest(message, { reason: [message] });
  return reason;
}
