/**
 * What a report may say, shared by the report route (server/modules/reports/) and the client's
 * report dialog (client/src/features/reports/): the category codes, in the order the form lists
 * them, the words a member reads for each, and the two size limits. The codes are stored in
 * `reports.category` (a check constraint lists them): changing one is a data migration.
 */
export const REPORT_CATEGORIES = [
  'fake_profile',
  'scam_spam',
  'money_request',
  'harassment_hate',
  'sexual_content',
  'underage',
  'off_platform',
  'violence_threats',
  'other',
] as const;

export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** The words the form shows for each category. */
export const REPORT_CATEGORY_LABELS: Readonly<Record<ReportCategory, string>> = {
  fake_profile: 'Fake profile or impersonation',
  scam_spam: 'Scam or spam',
  money_request: 'Asking for money',
  harassment_hate: 'Harassment or hate',
  sexual_content: 'Sexual content',
  underage: 'Appears under 18',
  off_platform: 'Off-platform solicitation',
  violence_threats: 'Violence or threats',
  other: 'Other',
};

/** Longest note, in characters (code points) after trimming. */
export const NOTE_MAX_LENGTH = 500;
/** Most messages one report may name. */
export const MAX_MESSAGE_IDS = 10;

/** The words for a note over the limit (the route's 400 and the form's own check). */
export const NOTE_TOO_LONG = `A note can be at most ${NOTE_MAX_LENGTH} characters.`;

/** A note's length as the server measures it: code points of the trimmed text (an emoji is one). */
export function noteLength(note: string): number {
  return [...note.trim()].length;
}

/**
 * Categories the moderation queue shows first, and whose strike ladder starts higher: a member
 * who may be a minor, threats of violence, and the two kinds of fraud (scams and asking for
 * money). The reports table derives its queue priority from this list (a generated column), so
 * changing it is a migration.
 */
export const CRITICAL_CATEGORIES = [
  'underage',
  'violence_threats',
  'scam_spam',
  'money_request',
] as const satisfies readonly ReportCategory[];

/** What a moderator may do to a reported member, mildest first. */
export const RESOLUTIONS = ['warning', 'suspend_3d', 'suspend_7d', 'suspend_30d', 'ban'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/**
 * The reason a moderator gives with a decision (quoted to the member in the statement of reasons):
 * its longest length in code points after trimming, and the two sentences the server's 400 and
 * the moderators' form both say.
 */
export const REASON_MAX_LENGTH = 1000;
export const REASON_REQUIRED = 'Give a reason for the action (it is quoted to the member).';
export const REASON_TOO_LONG = `A reason can be at most ${REASON_MAX_LENGTH} characters.`;
