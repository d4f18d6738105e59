/**
 * Filing a report. One transaction does everything, or nothing:
 *
 * 1. both members are read under KEY SHARE and the pair is locked (members' openPair, reaching
 *    the reported member whatever stands between them: a report works on a member who blocked the
 *    reporter, or whom the reporter blocked), so a like, unlock or message of the same two waits;
 * 2. the reporter's filings are serialised (the daily limit is a count);
 * 3. a repeat while the reporter's report of that member is open joins it (an addendum evidence
 *    row and an audit row; same id, 200); otherwise the 11th report in 24 hours is refused (429)
 *    and a new report is written in state `open` (201);
 * 4. the evidence snapshot (taken before anything is removed) and its sha256;
 * 5. the audit row;
 * 6. the block both ways, through the blocks module: exactly what a block by the reporter writes
 *    (the match removed with its chat, `matches.removed` with reason 'block', likes deleted), so
 *    nothing that reaches the reported member tells a report from a block.
 *
 * With an Idempotency-Key, a retry answers the first result and writes nothing more.
 */
import type { Db } from '../../kernel/db/client.ts';
import { onceForKey } from '../../kernel/db/idempotency.ts';
import { badRequest, notFound, tooManyRequests } from '../../kernel/errors.ts';
import type { MediaStore } from '../../kernel/media/index.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { blockInside } from '../blocks/index.ts';
import { findMatchBetween } from '../likes/index.ts';
import { type MemberRef, openPair } from '../members/index.ts';
import { evidenceHash, type Filing, takeSnapshot } from './evidence.ts';
import * as queries from './reports.queries.ts';
import { DAILY_LIMIT_WINDOW_HOURS, DAILY_REPORT_LIMIT, noteText, REPORT_MESSAGES } from './reports.rules.ts';

export interface ReportDeps extends DbDeps {
  media: Pick<MediaStore, 'get'>;
}

export interface ReportInput {
  user_id: number;
  category: string;
  note?: string;
  message_ids?: number[];
}

export interface ReportAnswer {
  id: number;
  /** true: a new report (201); false: the repeat joined the open one (200). */
  created: boolean;
}

export async function fileReport(
  deps: ReportDeps,
  reporterUserId: number,
  input: ReportInput,
  idempotencyKey?: string,
): Promise<ReportAnswer> {
  if (input.user_id === reporterUserId) throw badRequest(REPORT_MESSAGES.self);
  const { note, problem } = noteText(input.note);
  if (problem === 'control') throw badRequest(REPORT_MESSAGES.noteControl, { note: [REPORT_MESSAGES.noteControl] });
  if (problem === 'tooLong') throw badRequest(REPORT_MESSAGES.noteTooLong, { note: [REPORT_MESSAGES.noteTooLong] });
  const filing: Filing = { category: input.category, note, messageIds: [...(input.message_ids ?? [])].sort((a, b) => a - b) };
  const keyed = { userId: reporterUserId, scope: 'reports.file', key: idempotencyKey, input: { userId: input.user_id, ...filing } };
  return deps.db.transaction((tx) => onceForKey(tx, keyed, () => fileInside(tx, deps, reporterUserId, input.user_id, filing)));
}

async function fileInside(tx: Db, deps: ReportDeps, reporterUserId: number, reportedUserId: number, filing: Filing): Promise<ReportAnswer> {
  const { me: reporter, peer: reported } = await openPair(
    tx,
    reporterUserId,
    { userId: reportedUserId },
    { reachHidden: true, notFoundMessage: REPORT_MESSAGES.userNotFound, selfError: () => badRequest(REPORT_MESSAGES.self) },
  );
  await queries.lockReporter(tx, reporter.userId);
  await checkMessages(tx, reporter, reported, filing.messageIds);

  const open = await queries.findOpenReportForUpdate(tx, reporter.userId, reported.userId);
  if (!open) {
    const filed = await queries.countReportsFiledSince(tx, reporter.userId, DAILY_LIMIT_WINDOW_HOURS);
    if (filed >= DAILY_REPORT_LIMIT) throw tooManyRequests(REPORT_MESSAGES.dailyLimit);
  }

  const snapshot = await takeSnapshot(tx, deps.media, { reporter, reported }, filing, new Date());
  const sha256 = evidenceHash(snapshot);
  let reportId: number;
  if (open) {
    reportId = open.id;
    await queries.insertEvidence(tx, { reportId, kind: 'addendum', snapshot, sha256 });
    await queries.touchReport(tx, reportId);
  } else {
    reportId = await queries.insertReport(tx, {
      reporterId: reporter.userId,
      reportedId: reported.userId,
      category: filing.category,
      note: filing.note,
      evidenceSha256: sha256,
    });
    await queries.insertEvidence(tx, { reportId, kind: 'filed', snapshot, sha256 });
  }
  await queries.insertAuditEntry(tx, {
    actorId: reporter.userId,
    reportId,
    subjectId: reported.userId,
    action: open ? 'report.joined' : 'report.filed',
    fromState: open ? 'open' : null,
    toState: 'open',
    detail: { category: filing.category, message_ids: filing.messageIds, evidence_sha256: sha256 },
  });
  await blockInside(tx, reporter, reported, { bothWays: true });
  return { id: reportId, created: !open };
}

/** Every message named must be one the reported member sent the reporter in their chat. */
async function checkMessages(tx: Db, reporter: MemberRef, reported: MemberRef, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const match = await findMatchBetween(tx, reporter.profileId, reported.profileId);
  const found = match ? await queries.findMessagesFrom(tx, match.id, reported.profileId, ids) : [];
  if (found.length !== ids.length) throw notFound(REPORT_MESSAGES.messageNotFound);
}
