/**
 * How the moderators' screens put the API's codes into words: categories, states, resolutions,
 * ages, audit actions and who did them. Pure (moderation-text.test.ts).
 */
import { REPORT_CATEGORY_LABELS, RESOLUTIONS, type Resolution } from '@contract/reports.ts';
import type { AuditEntry, QueueItem, ReportState } from '../api/types.ts';

export const STATE_LABELS: Readonly<Record<ReportState, string>> = {
  open: 'Open',
  in_review: 'In review',
  actioned: 'Actioned',
  dismissed: 'Dismissed',
  appealed: 'Under appeal',
  upheld: 'Upheld on appeal',
  overturned: 'Overturned on appeal',
};

export const RESOLUTION_LABELS: Readonly<Record<Resolution, string>> = {
  warning: 'Warning',
  suspend_3d: 'Suspend for 3 days',
  suspend_7d: 'Suspend for 7 days',
  suspend_30d: 'Suspend for 30 days',
  ban: 'Ban',
};

const AUDIT_LABELS: Readonly<Record<string, string>> = {
  'report.filed': 'Filed',
  'report.joined': 'More evidence added',
  'report.claimed': 'Claimed',
  'report.actioned': 'Actioned',
  'report.dismissed': 'Dismissed',
  'report.appealed': 'Appealed',
  'report.upheld': 'Upheld on appeal',
  'report.overturned': 'Overturned on appeal',
};

/** A code the client does not know yet is shown as it is rather than hidden. */
export const categoryLabel = (code: string): string => (REPORT_CATEGORY_LABELS as Record<string, string>)[code] ?? code;
export const stateLabel = (code: string): string => (STATE_LABELS as Record<string, string>)[code] ?? code;
export const resolutionLabel = (code: string): string => (RESOLUTION_LABELS as Record<string, string>)[code] ?? code;
export const auditLabel = (action: string): string => AUDIT_LABELS[action] ?? action;

export const isResolution = (value: string): value is Resolution => (RESOLUTIONS as readonly string[]).includes(value);

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** How long ago a report was filed, in its largest whole unit: '45 minutes', '1 day'. */
export function ageText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return 'less than a minute';
  if (s < 3600) return plural(Math.floor(s / 60), 'minute');
  if (s < 86_400) return plural(Math.floor(s / 3600), 'hour');
  return plural(Math.floor(s / 86_400), 'day');
}

/** A member who deleted their account has no username any more. */
export const memberName = (username: string | null): string => username ?? 'Deleted account';

export const strikesText = (live: number): string => plural(live, 'live strike');

/**
 * Who wrote an audit row, named from what the report itself says about its people; `viewerId` (the
 * signed-in moderator) is "you": the report names no moderator but its assignee, and the one who
 * decided an appeal is another.
 */
export function actorName(
  entry: Pick<AuditEntry, 'actor_id'>,
  item: Pick<QueueItem, 'reporter' | 'assignee' | 'reported'>,
  viewerId?: number,
): string {
  if (entry.actor_id === null) return 'The system';
  if (entry.actor_id === item.assignee?.user_id) return item.assignee.username;
  if (entry.actor_id === item.reporter.user_id) return `${memberName(item.reporter.username)} (reporter)`;
  if (entry.actor_id === item.reported.user_id) return `${memberName(item.reported.username)} (reported member)`;
  if (entry.actor_id === viewerId) return 'you';
  return `User ${entry.actor_id}`;
}

/** A timestamp as a moderator reads it: date and time, to the minute, in their own zone. */
export function timeText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
