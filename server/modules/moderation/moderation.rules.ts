/** The queue's judgements, pure: critical categories, the strike ladder, a reporter's weight. */
import {
  CRITICAL_CATEGORIES,
  REASON_MAX_LENGTH,
  REASON_REQUIRED,
  REASON_TOO_LONG,
  RESOLUTIONS,
  type Resolution,
} from '../../contract/reports.ts';

export { CRITICAL_CATEGORIES, REASON_MAX_LENGTH, RESOLUTIONS, type Resolution };

export const isCritical = (category: string) => (CRITICAL_CATEGORIES as readonly string[]).includes(category);

/**
 * The strike ladder, by live (not voided) strikes before this decision: 0 → warning, 1 → 3-day
 * suspension, 2 → 7 days, 3 → 30 days, 4 or more → ban. A critical category starts two rungs up
 * (a first scam, money request or threat is a 7-day suspension), and a member who appears to be
 * under 18 is banned at once: minors may not use the app at all (an appeal with proof of age
 * overturns it).
 */
export const LADDER: readonly Resolution[] = ['warning', 'suspend_3d', 'suspend_7d', 'suspend_30d', 'ban'];
export const CRITICAL_START = 2;

export function recommendedResolution(category: string, liveStrikes: number): Resolution {
  if (category === 'underage') return 'ban';
  const rung = liveStrikes + (isCritical(category) ? CRITICAL_START : 0);
  return LADDER[Math.min(rung, LADDER.length - 1)];
}

/** Days a resolution suspends for; null for a warning (nothing) or a ban (no end). */
export const SUSPENSION_DAYS: Readonly<Record<Resolution, number | null>> = {
  warning: null,
  suspend_3d: 3,
  suspend_7d: 7,
  suspend_30d: 30,
  ban: null,
};

/** A reporter's reports weigh less once at least 5 are resolved and 70% or more were dismissed. */
export const LOW_WEIGHT_MIN_RESOLVED = 5;
export const LOW_WEIGHT_DISMISSED_SHARE = 0.7;

export function isLowWeight(resolved: number, dismissed: number): boolean {
  return resolved >= LOW_WEIGHT_MIN_RESOLVED && dismissed >= LOW_WEIGHT_DISMISSED_SHARE * resolved;
}

export const MODERATION_MESSAGES = {
  onlyAssignee: 'Only the moderator who claimed this report can decide it.',
  ownReport: "You can't review a report you filed.",
  reportNotFound: 'Report not found.',
  memberGone: 'The reported member has deleted their account, so no action can be taken on it. Dismiss the report instead.',
  reasonRequired: REASON_REQUIRED,
  reasonTooLong: REASON_TOO_LONG,
  reasonControl: 'A reason cannot contain control characters (only line breaks).',
  resolutionRequired: 'Choose the action to take: warning, suspend_3d, suspend_7d, suspend_30d or ban.',
  dismissTakesNothing: 'A dismissal takes no resolution and no reason.',
  cursorNotFound: 'That page cursor does not name a report.',
} as const;

// Every C0 and C1 control character but the newline, and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

/** The reason as stored (trimmed), or which rule it breaks. */
export function reasonText(raw: string): { reason: string; problem: 'required' | 'tooLong' | 'control' | null } {
  if (CONTROL.test(raw)) return { reason: '', problem: 'control' };
  const reason = raw.trim();
  if (reason === '') return { reason, problem: 'required' };
  if ([...reason].length > REASON_MAX_LENGTH) return { reason, problem: 'tooLong' };
  return { reason, problem: null };
}
