/**
 * A statement of reasons in words, pure: what the app shows and what the email says are built
 * here from the one stored row, so the two never disagree. It names what was done, the facts and
 * the category, whether a machine decided, and how to appeal and by when. It never names who
 * reported the member.
 */
import { APPEAL_OUTCOME_WORDS, APPEAL_WINDOW_DAYS, DECISION_WORDS, readableTime, type StatementKind } from '../../contract/restrictions.ts';
import { REPORT_CATEGORY_LABELS, type ReportCategory } from '../../contract/reports.ts';
import type { Resolution } from './moderation.rules.ts';

/** The decision's own sentence, with the suspension's end when there is one. */
export function decisionText(kind: StatementKind, resolution: Resolution, restrictedUntil: Date | null): string {
  if (kind !== 'decision') return APPEAL_OUTCOME_WORDS[kind];
  const words = DECISION_WORDS[resolution];
  return restrictedUntil ? `${words} It ends on ${readableTime(restrictedUntil)}.` : words;
}

export const categoryLabel = (category: string) => REPORT_CATEGORY_LABELS[category as ReportCategory] ?? category;

export interface StatementWords {
  kind: StatementKind;
  category: string;
  decisionText: string;
  facts: string;
  automated: boolean;
  appealUntil: Date | null;
}

/** How the member may appeal (a decision), or that the appeal is over (an outcome). */
export function appealText(statement: Pick<StatementWords, 'kind' | 'appealUntil'>, appUrl: string): string {
  if (statement.kind !== 'decision' || !statement.appealUntil) return 'This was the decision on your appeal; it is final.';
  return `You may appeal once, within ${APPEAL_WINDOW_DAYS} days, until ${readableTime(statement.appealUntil)}: sign in at ${appUrl}/account/statements and choose Appeal. A moderator who took no part in the decision reviews it.`;
}

const SUBJECTS: Readonly<Record<StatementKind, string>> = {
  decision: 'A decision about your Betroth account',
  appeal_upheld: 'Your appeal was reviewed: the decision stands',
  appeal_overturned: 'Your appeal was reviewed: the decision is overturned',
};

/** The email of a statement: the same words as the app's. */
export function statementMail(statement: StatementWords, username: string, appUrl: string): { subject: string; text: string } {
  const lines = [
    `Hello ${username},`,
    '',
    statement.decisionText,
    '',
    `Category: ${categoryLabel(statement.category)}`,
    `Facts: ${statement.facts}`,
    statement.automated
      ? 'This decision was taken by an automated system.'
      : 'This decision was taken by a moderator, not by an automated system.',
    '',
    appealText(statement, appUrl),
    '',
    'Betroth Trust & Safety',
  ];
  return { subject: SUBJECTS[statement.kind], text: `${lines.join('\n')}\n` };
}
