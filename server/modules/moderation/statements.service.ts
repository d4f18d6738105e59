/**
 * Statements of reasons: one is written in the transaction of every decision a member can feel
 * (each strike, from a warning to a ban) and of every appeal's outcome, with an event that sends
 * its email (the `statement-mail` handler), so no decision commits without its statement and no
 * statement is lost if the process dies after the commit. Members read their own here.
 */
import type { Restriction } from '../../contract/restrictions.ts';
import { APPEAL_WINDOW_DAYS, type StatementKind } from '../../contract/restrictions.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import type { Resolution } from './moderation.rules.ts';
import type { Mailer } from '../../kernel/mailer/mailer.ts';
import { appealText, categoryLabel, decisionText, statementMail } from './statement-text.ts';
import * as queries from './statements.queries.ts';

export const STATEMENT_ISSUED_SUBJECT = 'moderation.statement_issued';

/** Most statements the member's list carries (a member with more has far bigger problems). */
const STATEMENTS_LISTED = 100;

export async function issueStatement(
  tx: Db,
  statement: {
    memberId: number;
    reportId: number;
    strikeId: number;
    kind: StatementKind;
    resolution: Resolution;
    category: string;
    facts: string;
    restrictedUntil: Date | null;
  },
): Promise<number> {
  const id = await queries.insertStatement(tx, {
    ...statement,
    decisionText: decisionText(statement.kind, statement.resolution, statement.restrictedUntil),
    appealDays: statement.kind === 'decision' ? APPEAL_WINDOW_DAYS : null,
  });
  await writeEvent(tx, STATEMENT_ISSUED_SUBJECT, {
    statementId: id,
    userId: statement.memberId,
    kind: statement.kind,
    issuedAt: new Date().toISOString(),
  });
  return id;
}

export type AppealState = 'none' | 'pending' | 'upheld' | 'overturned';

/** A statement as the member's route answers it. */
export function statementView(row: queries.StatementRow, appUrl: string) {
  const appeal: AppealState = row.appeal ? ((row.appeal.outcome as 'upheld' | 'overturned' | null) ?? 'pending') : 'none';
  return {
    id: row.id,
    kind: row.kind as StatementKind,
    resolution: row.resolution as Resolution,
    category: row.category,
    category_label: categoryLabel(row.category),
    decision: row.decisionText,
    facts: row.facts,
    automated: row.automated,
    restricted_until: row.restrictedUntil?.toISOString() ?? null,
    appeal_until: row.appealUntil?.toISOString() ?? null,
    how_to_appeal: appealText({ kind: row.kind as StatementKind, appealUntil: row.appealUntil }, appUrl),
    can_appeal: row.kind === 'decision' && row.appealOpen && row.appeal === null,
    appeal,
    created_at: row.createdAt.toISOString(),
  };
}

export function restrictionView(restriction: Restriction | null) {
  if (!restriction) return null;
  return restriction.kind === 'banned'
    ? { kind: 'banned' as const, until: null, since: restriction.since.toISOString() }
    : { kind: 'suspended' as const, until: restriction.until.toISOString(), since: null };
}

/** The member's own statements, newest first, and the restriction they are under now. */
export async function readStatements(deps: DbDeps & { appUrl: string }, memberId: number, restriction: Restriction | null) {
  const rows = await queries.listStatements(deps.db, memberId, STATEMENTS_LISTED);
  return { restriction: restrictionView(restriction), statements: rows.map((row) => statementView(row, deps.appUrl)) };
}

/**
 * Emails statement `statementId` to its member, once: a statement already mailed, or whose
 * account is gone, sends nothing. Sent before it is marked, so a crash between the two sends it
 * again on redelivery rather than never.
 */
export async function mailStatement(
  deps: DbDeps & { mailer: Mailer; appUrl: string },
  statementId: number,
): Promise<'sent' | 'already-sent' | 'account-gone'> {
  const found = await queries.findStatementForMail(deps.db, statementId);
  if (!found) return 'account-gone';
  if (found.statement.mailedAt) return 'already-sent';
  const { statement } = found;
  const mail = statementMail({ ...statement, kind: statement.kind as StatementKind }, found.username, deps.appUrl);
  await deps.mailer.send({ to: found.email, ...mail });
  await queries.markStatementMailed(deps.db, statementId);
  return 'sent';
}
