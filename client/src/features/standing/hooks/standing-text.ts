/**
 * The standing screen's words, from the statements answer: the restriction, each statement's
 * title, who decided, its dates and where its appeal stands. Pure (standing-text.test.ts).
 */
import type { StatementKind } from '@contract/restrictions.ts';
import type { AppealState, Restriction, Statement } from '../api/get-statements.ts';

/**
 * A moment in the member's own time zone, with the zone named so it cannot be misread:
 * '4 December 2026 at 11:15 CET'. The zone is a parameter for the tests.
 */
export function localTime(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
}

/** The headline of a restricted account; null when there is none. */
export function restrictionHeadline(restriction: Restriction | null, timeZone?: string): string | null {
  if (!restriction) return null;
  if (restriction.kind === 'banned') return 'Your account is banned.';
  if (!restriction.until) return 'Your account is suspended.';
  return `Your account is suspended until ${localTime(restriction.until, timeZone)}.`;
}

export const RESTRICTED_NOTE =
  'You can read the statements of reasons below and appeal a decision, sign out or delete your account; everything else is unavailable.';
export const NOT_RESTRICTED = 'Your account is in good standing: nothing restricts it.';
export const NO_STATEMENTS = 'You have no decisions on your account.';

const TITLES: Readonly<Record<StatementKind, string>> = {
  decision: 'Decision',
  appeal_upheld: 'Appeal upheld',
  appeal_overturned: 'Appeal overturned',
};

export const statementTitle = (kind: StatementKind) => TITLES[kind] ?? 'Decision';

export const deciderLabel = (automated: boolean) => (automated ? 'Automated decision' : 'Decided by a moderator');

const APPEAL_STATES: Readonly<Record<AppealState, string | null>> = {
  none: null,
  pending: 'Appeal pending: a moderator who did not take this decision will review it.',
  upheld: 'Appeal reviewed: the decision was upheld.',
  overturned: 'Appeal reviewed: the decision was overturned.',
};

/** Where the appeal against a decision stands; null when there is none to speak of. */
export function appealStateText(statement: Pick<Statement, 'kind' | 'appeal'>): string | null {
  if (statement.kind !== 'decision') return null;
  return APPEAL_STATES[statement.appeal] ?? null;
}

/**
 * The appeal deadline as a sentence: open until when, or closed. Only a decision not yet appealed
 * has one to state; `now` is a parameter for the tests.
 */
export function appealDeadlineText(
  statement: Pick<Statement, 'kind' | 'appeal' | 'appeal_until' | 'can_appeal'>,
  timeZone?: string,
  now: number = Date.now(),
): string | null {
  if (statement.kind !== 'decision' || statement.appeal !== 'none' || !statement.appeal_until) return null;
  const until = Date.parse(statement.appeal_until);
  if (statement.can_appeal && until > now) return `You can appeal until ${localTime(statement.appeal_until, timeZone)}.`;
  return 'The time to appeal this decision has passed.';
}
