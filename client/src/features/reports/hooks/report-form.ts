/**
 * The report form's pure rules: the note's count, what may be sent, the request body, the key of
 * a submission and the sentence of a failure. No React, no DOM (report-form.test.ts).
 */
import { MAX_MESSAGE_IDS, NOTE_MAX_LENGTH, noteLength, type ReportCategory } from '@contract/reports.ts';
import { ApiError, ERROR_MESSAGES, serverMessage } from '@/lib/api-errors.ts';
import { newUuid } from '@/lib/uuid.ts';

/** Who is reported, and from where: a chat message's menu names that message. */
export interface ReportTarget {
  /** The member's user id (profile.user_id), as the block route takes it. */
  userId: number;
  name: string;
  messageIds?: readonly number[];
}

export interface ReportBody {
  user_id: number;
  category: ReportCategory;
  note?: string;
  message_ids?: number[];
}

/** '12 / 500' and whether the note is over the limit, measured as the server measures it. */
export function noteCount(note: string): { used: number; max: number; over: boolean; text: string } {
  const used = noteLength(note);
  return { used, max: NOTE_MAX_LENGTH, over: used > NOTE_MAX_LENGTH, text: `${used} / ${NOTE_MAX_LENGTH}` };
}

/** Said inside the dialog when Submit is pressed before a reason is chosen. */
export const CHOOSE_CATEGORY = 'Choose what this report is about.';

/** Submit is possible once a category is chosen and the note fits. */
export const canSubmit = (category: ReportCategory | null, note: string) => category !== null && !noteCount(note).over;

/** The body: the note trimmed and left out when blank; message ids once each, at most 10. */
export function reportBody(target: ReportTarget, category: ReportCategory, note: string): ReportBody {
  const body: ReportBody = { user_id: target.userId, category };
  const text = note.trim();
  if (text !== '') body.note = text;
  const ids = [...new Set(target.messageIds ?? [])].slice(0, MAX_MESSAGE_IDS);
  if (ids.length > 0) body.message_ids = ids;
  return body;
}

export interface PendingSubmission {
  body: ReportBody;
  key: string;
}

/**
 * The Idempotency-Key of a submission: the last attempt's when the body is the same (a retry after
 * a failure), else a fresh one (the server answers 409 to a key reused with another body).
 */
export function keyForSubmission(pending: PendingSubmission | null, body: ReportBody, fresh: () => string = newUuid): PendingSubmission {
  if (pending && JSON.stringify(pending.body) === JSON.stringify(body)) return pending;
  return { body, key: fresh() };
}

/**
 * The sentence the dialog shows for a failure: the server's own (the daily limit, a message not
 * in the chat, a member who is gone) when it sent one, else the app's shared wording.
 */
export function failureSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return ERROR_MESSAGES.generic;
  if (error.status === undefined) return ERROR_MESSAGES.network;
  if (error.status >= 500) return ERROR_MESSAGES.server;
  return serverMessage(error.body) ?? error.message;
}
