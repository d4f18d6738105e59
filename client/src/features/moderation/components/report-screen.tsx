import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { useModerationReport } from '../api/get-report.ts';
import { AppealSection } from './appeal-section.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { EvidenceSection } from './evidence-section.tsx';
import { ReportedRecord, ReporterRecord } from './member-records.tsx';
import { ReportSummary } from './report-summary.tsx';

export const REPORT_LOAD_FAILED = 'This report could not be loaded. Please try again.';
export const REPORT_NOT_FOUND = 'Report not found. It may be about you, or the link may be wrong.';

/**
 * /moderation/reports/:id: the report in full, then what a decision needs, in reading order: the
 * summary, the member's appeal if any, the decision (claim, then dismiss or act; or decide the appeal), the evidence, both members' records and the
 * audit trail. `viewerId` is the signed-in member's user id when known: the decision form shows
 * only to the moderator who claimed the report.
 */
export function ReportScreen({ reportId, viewerId }: { reportId: string; viewerId?: number }) {
  const { data: report, error, isLoading, mutate } = useModerationReport(reportId);
  const back = (
    <p className="mod-back">
      <Link to={paths.moderation}>Back to the queue</Link>
    </p>
  );

  if (isLoading && !report) {
    return (
      <section className="page mod-page">
        {back}
        <Spinner label="Loading the report..." />
      </section>
    );
  }
  if (!report) {
    // A report about the moderator is 404 too, like one that does not exist; a malformed id is 400.
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <section className="page mod-page" aria-labelledby="mod-report-title">
        {back}
        <h1 id="mod-report-title">Report {reportId}</h1>
        <p role="alert">{missing ? REPORT_NOT_FOUND : REPORT_LOAD_FAILED}</p>
        {missing ? null : (
          <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
            Try again
          </button>
        )}
      </section>
    );
  }

  return (
    <article className="page mod-page" aria-labelledby="mod-report-title">
      {back}
      <ReportSummary report={report} />
      <AppealSection report={report} />
      <DecisionPanel report={report} viewerId={viewerId} />
      <EvidenceSection report={report} />
      <ReportedRecord report={report} />
      <ReporterRecord report={report} />
      <AuditTrail report={report} viewerId={viewerId} />
    </article>
  );
}
