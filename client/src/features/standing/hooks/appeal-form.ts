/**
 * The appeal form's pure rules: the count, what may be sent and the sentence of a failure. The
 * limit and the words are the server's (server/contract/restrictions.ts). No React (appeal-form.test.ts).
 */
import { APPEAL_MAX_LENGTH, APPEAL_MESSAGES } from '@contract/restrictions.ts';
import { ApiError, ERROR_MESSAGES, serverMessage } from '@/lib/api-errors.ts';

/** Characters as the server counts them: code points, after trimming (an emoji is one). */
export const appealLength = (text: string) => [...text.trim()].length;

/** '12 / 1000' and whether the text is over the limit. */
export function appealCount(text: string): { used: number; max: number; over: boolean; text: string } {
  const used = appealLength(text);
  return { used, max: APPEAL_MAX_LENGTH, over: used > APPEAL_MAX_LENGTH, text: `${used} / ${APPEAL_MAX_LENGTH}` };
}

/** What stops the text being sent, in the server's own words; null when it may go. */
export function appealProblem(text: string): string | null {
  const used = appealLength(text);
  if (used === 0) return APPEAL_MESSAGES.textRequired;
  if (used > APPEAL_MAX_LENGTH) return APPEAL_MESSAGES.textTooLong;
  return null;
}

/**
 * The sentence the form shows for a failure: the server's own (already appealed, the window has
 * closed, a text it refuses) when it sent one, else the app's shared wording. The server puts its
 * sentence in `detail`; `error` is only the status's name.
 */
export function appealFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return ERROR_MESSAGES.generic;
  if (error.status === undefined) return ERROR_MESSAGES.network;
  if (error.status >= 500) return ERROR_MESSAGES.server;
  const detail = (error.body as { detail?: unknown } | null | undefined)?.detail;
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  return serverMessage(error.body) ?? error.message;
}

export const APPEAL_SENT = 'Your appeal has been sent. A moderator who did not take the decision will review it.';
