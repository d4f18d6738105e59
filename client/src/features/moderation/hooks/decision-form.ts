/**
 * The decision form's pure rules: the reason's count and limits (the server's own measure), the
 * body sent, and the sentence a refusal shows. No React (decision-form.test.ts).
 */
import { REASON_MAX_LENGTH, REASON_REQUIRED, REASON_TOO_LONG, type Resolution } from '@contract/reports.ts';
import { ApiError, ERROR_MESSAGES, serverMessage } from '@/lib/api-errors.ts';
import type { AppealBody, AppealOutcome, DecideBody } from '../api/types.ts';

// The limit and sentences are the server's own (the shared contract); the server checks again,
// this only keeps the moderator from sending what it would refuse.
export { REASON_MAX_LENGTH, REASON_REQUIRED, REASON_TOO_LONG };

/** A reason's length as the server measures it: code points of the trimmed text. */
export const reasonLength = (reason: string): number => [...reason.trim()].length;

/** '12 / 1000', and what is wrong with the reason, if anything (`required`: said when it is empty). */
export function reasonCount(reason: string, required = REASON_REQUIRED): { text: string; problem: string | null } {
  const used = reasonLength(reason);
  const problem = used === 0 ? required : used > REASON_MAX_LENGTH ? REASON_TOO_LONG : null;
  return { text: `${used} / ${REASON_MAX_LENGTH}`, problem };
}

export const actBody = (resolution: Resolution, reason: string): DecideBody => ({ action: 'act', resolution, reason: reason.trim() });
export const DISMISS_BODY: DecideBody = { action: 'dismiss' };

/**
 * The sentence an alert shows for a failed claim or decision: the server's own words for a refusal
 * (the 403s and 409s: someone else claimed it, only the assignee decides, it is already decided),
 * else the app's shared wording. A 5xx never shows what the server said.
 */
export function failureSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return ERROR_MESSAGES.generic;
  if (error.status === undefined) return ERROR_MESSAGES.network;
  if (error.status >= 500) return ERROR_MESSAGES.server;
  return serverMessage(error.body) ?? error.message;
}

/** What the status line says once a decision is recorded. */
export function decidedSentence(body: DecideBody): string {
  if (body.action === 'dismiss') return 'The report is dismissed.';
  return `The report is actioned: ${ACTION_WORDS[body.resolution]}.`;
}

const ACTION_WORDS: Readonly<Record<Resolution, string>> = {
  warning: 'a warning',
  suspend_3d: 'a 3-day suspension',
  suspend_7d: 'a 7-day suspension',
  suspend_30d: 'a 30-day suspension',
  ban: 'a ban',
};

export const APPEAL_REASON_REQUIRED = 'Give a reason for the outcome (it is quoted to the member).';
export const APPEAL_OUTCOME_REQUIRED = 'Choose Uphold or Overturn.';

export const appealBody = (outcome: AppealOutcome, reason: string): AppealBody => ({ outcome, reason: reason.trim() });

/** What the status line says once an appeal's outcome is recorded. */
export const appealDecidedSentence = (body: AppealBody): string =>
  body.outcome === 'uphold'
    ? 'The appeal is decided: the decision is upheld.'
    : 'The appeal is decided: the decision is overturned and its strike voided.';
