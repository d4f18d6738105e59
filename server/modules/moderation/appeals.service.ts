/**
 * Appeals. A member appeals a decision once, within the window, from its statement; the report
 * moves `actioned → appealed` and joins the queue again. A moderator other than the one who acted
 * decides it: `uphold` leaves everything as it was, `overturn` voids the strike (the ladder stops
 * counting it) and lifts exactly the restriction it added. Either way the member gets a statement.
 * Both steps lock the report row, so an appeal and its decision, or two moderators deciding at
 * once, are ordered: the second sees the first's result.
 */
import { APPEAL_MAX_LENGTH, APPEAL_MESSAGES } from '../../contract/restrictions.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../kernel/errors.ts';
import { liftIdentityBan } from '../identities/index.ts';
import { insertAuditEntry } from '../reports/index.ts';
import * as queries from './moderation.queries.ts';
import { MODERATION_MESSAGES, reasonText, type Resolution } from './moderation.rules.ts';
import { nextState } from './state-machine.ts';
import { checkedReason } from './moderation.service.ts';
import { issueStatement } from './statements.service.ts';
import * as statements from './statements.queries.ts';

export type AppealOutcome = 'uphold' | 'overturn';

export const APPEAL_DECISION_MESSAGES = {
  sameModerator: 'A different moderator must decide this appeal: you took the decision it contests.',
  noAppeal: 'This report has no appeal to decide.',
} as const;

/** The appeal's text as stored (trimmed), or the 400 saying which rule it breaks. */
export function checkedAppealText(raw: string): string {
  // The same rule as a moderator's reason: trimmed, not empty, no control character but newline.
  const { reason, problem } = reasonText(raw);
  const message =
    problem === 'control'
      ? APPEAL_MESSAGES.textControl
      : problem === 'required'
        ? APPEAL_MESSAGES.textRequired
        : [...reason].length > APPEAL_MAX_LENGTH
          ? APPEAL_MESSAGES.textTooLong
          : null;
  if (message) throw badRequest(message, { text: [message] });
  return reason;
}

/**
 * The member appeals the decision of their statement `statementId`. The same appeal sent again (a
 * retry) answers as the first did; a second, different appeal of the same decision is 409.
 */
export async function fileAppeal(deps: DbDeps, memberId: number, statementId: number, rawText: string): Promise<void> {
  const text = checkedAppealText(rawText);
  await deps.db.transaction(async (tx) => {
    const statement = await statements.findOwnStatement(tx, memberId, statementId);
    if (!statement) throw notFound(APPEAL_MESSAGES.statementNotFound);
    if (statement.kind !== 'decision') throw conflict(APPEAL_MESSAGES.notAppealable);
    // Lock first, then read the appeal: two appeals sent at once are ordered here.
    const report = await queries.lockReport(tx, statement.reportId);
    const existing = await statements.findAppealOfStrike(tx, statement.strikeId);
    if (existing) {
      if (existing.memberId === memberId && existing.text === text) return;
      throw conflict(APPEAL_MESSAGES.alreadyAppealed);
    }
    if (!statement.appealOpen) throw conflict(APPEAL_MESSAGES.windowClosed);
    if (!report) throw notFound(APPEAL_MESSAGES.statementNotFound);
    const next = nextState(report.state, 'appeal');
    if (!next.ok) throw conflict(next.message);
    const appealId = await statements.insertAppeal(tx, { strikeId: statement.strikeId, reportId: report.id, memberId, text });
    await queries.updateReport(tx, report.id, { state: next.to });
    await insertAuditEntry(tx, {
      actorId: memberId,
      reportId: report.id,
      subjectId: report.reportedId,
      action: 'report.appealed',
      fromState: report.state,
      toState: next.to,
      detail: { appeal_id: appealId, strike_id: statement.strikeId, statement_id: statementId },
    });
  });
}

/**
 * A moderator decides the appeal against report `reportId`'s decision. 403 for the moderator who
 * took that decision, and for the one who filed the report; the same outcome sent again by the
 * moderator who gave it answers as the first did.
 */
export async function decideAppeal(
  deps: DbDeps,
  moderatorId: number,
  reportId: number,
  decision: { outcome: AppealOutcome; reason: string },
): Promise<void> {
  const reason = checkedReason(decision.reason);
  await deps.db.transaction(async (tx) => {
    const report = await queries.lockReport(tx, reportId);
    if (!report || report.reportedId === moderatorId) throw notFound(MODERATION_MESSAGES.reportNotFound);
    const strike = await statements.findStrikeOfReport(tx, reportId);
    const appeal = strike ? await statements.findAppealOfStrike(tx, strike.id) : undefined;
    if (!strike || !appeal) throw conflict(APPEAL_DECISION_MESSAGES.noAppeal);
    const outcome = decision.outcome === 'uphold' ? 'upheld' : 'overturned';
    if (appeal.deciderId === moderatorId && appeal.outcome === outcome) return;
    const next = nextState(report.state, decision.outcome);
    if (!next.ok) throw conflict(next.message);
    if (strike.moderatorId === moderatorId) throw forbidden(APPEAL_DECISION_MESSAGES.sameModerator);
    if (report.reporterId === moderatorId) throw forbidden(MODERATION_MESSAGES.ownReport);
    await statements.recordAppealOutcome(tx, appeal.id, outcome, moderatorId);
    const lifted = decision.outcome === 'overturn' ? await overturn(tx, strike) : {};
    await queries.updateReport(tx, report.id, { state: next.to });
    await insertAuditEntry(tx, {
      actorId: moderatorId,
      reportId: report.id,
      subjectId: report.reportedId,
      action: decision.outcome === 'uphold' ? 'report.upheld' : 'report.overturned',
      fromState: report.state,
      toState: next.to,
      detail: { appeal_id: appeal.id, strike_id: strike.id, reason, ...lifted },
    });
    if (strike.memberId !== null) {
      await issueStatement(tx, {
        memberId: strike.memberId,
        reportId: report.id,
        strikeId: strike.id,
        kind: outcome === 'upheld' ? 'appeal_upheld' : 'appeal_overturned',
        resolution: strike.resolution as Resolution,
        category: report.category,
        facts: reason,
        restrictedUntil: null,
      });
    }
  });
}

/**
 * Voids the strike and recomputes the member's restriction from the strikes still live. An
 * overturned ban also lifts the ban on the person's identity (their email and phone may register
 * again), unless another live ban of that identity stands; the account may be gone by now.
 */
async function overturn(tx: Db, strike: statements.StrikeRow): Promise<Record<string, string | boolean | null>> {
  await statements.voidStrike(tx, strike.id);
  const lifted: Record<string, string | boolean | null> = {};
  if (strike.resolution === 'ban' && strike.identityId !== null && !(await statements.identityHasLiveBan(tx, strike.identityId))) {
    await liftIdentityBan(tx, strike.identityId);
    lifted.identity_ban_lifted = true;
  }
  if (strike.memberId === null) return lifted;
  const now = await statements.restoreRestriction(tx, strike.memberId);
  return { ...lifted, suspended_until: now.suspendedUntil?.toISOString() ?? null, banned_at: now.bannedAt?.toISOString() ?? null };
}
