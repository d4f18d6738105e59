/**
 * What a restricted member is told, shared by the server (the 403 every other route answers,
 * statements of reasons, their email) and the client (the screen a restricted member lands on):
 * the error code, the sentences, the appeal window and the words for each decision.
 */
import type { Resolution } from './reports.ts';

/** The `code` of the 403 a suspended or banned member gets from every route they may not use. */
export const RESTRICTED_CODE = 'account_restricted';

/** Days after a decision within which the member may appeal it (once). */
export const APPEAL_WINDOW_DAYS = 14;

/** Longest appeal text, in characters (code points) after trimming. */
export const APPEAL_MAX_LENGTH = 1000;

/** A moment as members read it in a sentence: the UTC day and minute, with no locale guessing. */
export function readableTime(at: Date): string {
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = at.toISOString().slice(11, 16);
  return `${day}, ${time} UTC`;
}

export type Restriction = { kind: 'suspended'; until: Date } | { kind: 'banned'; since: Date };

/** The 403's sentence: what is restricted, until when, and the two things still open. */
export function restrictedSentence(restriction: Restriction): string {
  const what =
    restriction.kind === 'banned' ? 'Your account is banned.' : `Your account is suspended until ${readableTime(restriction.until)}.`;
  return `${what} You can read the statement of reasons and appeal it; everything else is unavailable.`;
}

/** What each decision did, as the statement of reasons says it. */
export const DECISION_WORDS: Readonly<Record<Resolution, string>> = {
  warning: 'You received a warning. Your account is not restricted, but further breaches lead to a suspension.',
  suspend_3d: 'Your account is suspended for 3 days.',
  suspend_7d: 'Your account is suspended for 7 days.',
  suspend_30d: 'Your account is suspended for 30 days.',
  ban: 'Your account is banned: you can no longer use Betroth, and the same email or phone cannot register again.',
};

/** The kinds of statement: a decision, and the two outcomes of an appeal against it. */
export const STATEMENT_KINDS = ['decision', 'appeal_upheld', 'appeal_overturned'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const APPEAL_OUTCOME_WORDS: Readonly<Record<Exclude<StatementKind, 'decision'>, string>> = {
  appeal_upheld: 'A second moderator reviewed your appeal and upheld the decision. It stands as it was.',
  appeal_overturned:
    'A second moderator reviewed your appeal and overturned the decision: the strike no longer counts and any restriction it placed has been lifted.',
};

export const APPEAL_MESSAGES = {
  statementNotFound: 'Statement not found.',
  notAppealable: 'Only a decision can be appealed, not the outcome of an appeal.',
  alreadyAppealed: 'You have already appealed this decision. A decision can be appealed once.',
  windowClosed: `The time to appeal this decision has passed: appeals are open for ${APPEAL_WINDOW_DAYS} days.`,
  textRequired: 'Say why the decision should be changed.',
  textTooLong: `An appeal can be at most ${APPEAL_MAX_LENGTH} characters.`,
  textControl: 'An appeal cannot contain control characters (only line breaks).',
} as const;
