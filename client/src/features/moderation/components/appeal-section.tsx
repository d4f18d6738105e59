import type { ReportDetail } from '../api/types.ts';
import { memberName, stateLabel, timeText } from '../hooks/moderation-text.ts';

/**
 * The member's appeal in their own words, with when it was made and, once decided, how it ended:
 * what the moderator deciding it has to weigh against the evidence below.
 */
export function AppealSection({ report }: { report: ReportDetail }) {
  const appeal = report.appeal;
  if (!appeal) return null;
  return (
    <section className="mod-section mod-appeal" aria-labelledby="mod-appeal-title">
      <h2 id="mod-appeal-title">The member's appeal</h2>
      <p>
        {memberName(report.reported.username)} appealed on {timeText(appeal.created_at)}
        {appeal.outcome && appeal.decided_at ? `. ${stateLabel(appeal.outcome)}, ${timeText(appeal.decided_at)}.` : ':'}
      </p>
      <blockquote className="mod-prose mod-appeal-text">{appeal.text}</blockquote>
    </section>
  );
}
