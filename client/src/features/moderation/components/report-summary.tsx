import type { ReportDetail } from '../api/types.ts';
import { ageText, categoryLabel, memberName, resolutionLabel, stateLabel, timeText } from '../hooks/moderation-text.ts';
import { CriticalMark } from './marks.tsx';

/** The report's title and the facts of its filing and where it stands. */
export function ReportSummary({ report }: { report: ReportDetail }) {
  const waiting = report.state === 'open' || report.state === 'in_review';
  return (
    <header className="mod-summary">
      <h1 id="mod-report-title">
        Report {report.id}: {categoryLabel(report.category)}
        {report.critical ? <CriticalMark /> : null}
      </h1>
      <dl className="mod-facts">
        <div>
          <dt>State</dt>
          <dd className="mod-state">
            {stateLabel(report.state)}
            {report.resolution ? ` (${resolutionLabel(report.resolution)})` : ''}
          </dd>
        </div>
        <div>
          <dt>Claimed by</dt>
          <dd>{report.assignee ? report.assignee.username : 'Nobody yet'}</dd>
        </div>
        <div>
          <dt>Reported member</dt>
          <dd>{memberName(report.reported.username)}</dd>
        </div>
        <div>
          <dt>Filed</dt>
          <dd>
            {timeText(report.created_at)} ({ageText(report.age_seconds)} ago)
          </dd>
        </div>
        {/* The ladder's advice is for a decision still to make: once decided, the member's new
            strike has moved it, and it would read as advice about this one. */}
        {waiting ? (
          <div>
            <dt>Recommended</dt>
            <dd>{resolutionLabel(report.recommended)}</dd>
          </div>
        ) : null}
        <div className="mod-fact-wide">
          <dt>Reporter's note</dt>
          <dd className="mod-prose">{report.note ?? 'No note.'}</dd>
        </div>
      </dl>
    </header>
  );
}
