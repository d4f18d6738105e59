/** What a report may carry, how many a member may file, and the words the client shows. Pure. */
import { MAX_MESSAGE_IDS, NOTE_MAX_LENGTH, NOTE_TOO_LONG, noteLength } from '../../contract/reports.ts';
import { BLOCK_MESSAGES } from '../blocks/index.ts';

/** Longest note (code points after trimming) and most message ids: shared with the client's form. */
export { MAX_MESSAGE_IDS, NOTE_MAX_LENGTH };
/** The request schema bounds the raw text more loosely; the service measures the trimmed note. */
export const RAW_NOTE_MAX_LENGTH = 4 * NOTE_MAX_LENGTH;
/** Reports a member may file in any 24 hours (a repeat that joins an open report is not one). */
export const DAILY_REPORT_LIMIT = 10;
export const DAILY_LIMIT_WINDOW_HOURS = 24;

export const REPORT_MESSAGES = {
  filed: "Thanks for your report. You won't see each other on Betroth any more, and our moderators will review it.",
  self: "You can't report yourself.",
  /** The same words as the block route for a member who does not exist. */
  userNotFound: BLOCK_MESSAGES.userNotFound,
  messageNotFound: "That message isn't in your conversation with this member.",
  dailyLimit: `You have reached today's limit of ${DAILY_REPORT_LIMIT} reports. Please try again tomorrow.`,
  noteTooLong: NOTE_TOO_LONG,
  noteControl: 'A note cannot contain control characters (only line breaks).',
} as const;

// Every C0 and C1 control character but the newline, and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

/** The note as stored (trimmed, null when empty), or which rule it breaks. */
export function noteText(raw: string | undefined): { note: string | null; problem: 'tooLong' | 'control' | null } {
  // Checked before trimming: a control character is refused wherever it stands.
  if (CONTROL.test(raw ?? '')) return { note: null, problem: 'control' };
  const text = (raw ?? '').trim();
  if (noteLength(text) > NOTE_MAX_LENGTH) return { note: null, problem: 'tooLong' };
  return { note: text === '' ? null : text, problem: null };
}
