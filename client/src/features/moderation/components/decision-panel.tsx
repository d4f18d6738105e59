import { useEffect, useRef } from 'react';
import type { ReportDetail } from '../api/types.ts';
import { resolutionLabel, stateLabel } from '../hooks/moderation-text.ts';
import { CLAIMED, useReportActions } from '../hooks/use-report-actions.ts';
import { ActForm } from './act-form.tsx';
import { AppealForm } from './appeal-form.tsx';

/**
 * What can be done with the report now: claim it when open; when I claimed it, dismiss or act;
 * when the member appealed, uphold or overturn (no claim: the server keeps the contested
 * decision's moderator out); otherwise a sentence saying why nothing can be done here. The outcome of the last press is a
 * polite status line (success) or an alert with the server's own sentence (a refusal).
 */
export function DecisionPanel({ report, viewerId }: { report: ReportDetail; viewerId?: number }) {
  const { claim, decide, decideAppeal, pending, error, status } = useReportActions(report.id);
  // Unknown viewer (the own profile not read): the form shows and the server judges (403).
  const mine = report.assignee !== null && (viewerId === undefined || report.assignee.user_id === viewerId);
  // The button pressed is gone once the report moves on: focus goes to what comes next (the form
  // after a claim, which focuses itself; the section's heading after a decision), not to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = report.state !== 'open' && report.state !== 'in_review' && report.state !== 'appealed';
  useEffect(() => {
    if (status !== '' && status !== CLAIMED && decided) heading.current?.focus();
  }, [status, decided]);

  let body;
  if (report.state === 'open') {
    body = (
      <>
        <p>Claim this report to review it. Nobody else can decide it while you hold it.</p>
        <button type="button" className="btn btn-primary" disabled={pending !== null} onClick={() => void claim()}>
          {pending === 'claim' ? 'Claiming...' : 'Claim'}
        </button>
      </>
    );
  } else if (report.state === 'in_review' && mine) {
    body = (
      <ActForm key={report.id} recommended={report.recommended} busy={pending !== null} onDecide={decide} focusFirst={status === CLAIMED} />
    );
  } else if (report.state === 'appealed') {
    body = <AppealForm key={report.id} busy={pending !== null} onDecide={decideAppeal} />;
  } else if (report.state === 'in_review') {
    body = <p>{report.assignee?.username ?? 'Another moderator'} claimed this report. Only they can decide it.</p>;
  } else {
    body = (
      <p>
        This report is {stateLabel(report.state).toLowerCase()}
        {report.resolution ? ` (${resolutionLabel(report.resolution)})` : ''}. There is nothing more to decide here.
      </p>
    );
  }

  return (
    <section className="mod-section mod-decision" aria-labelledby="mod-decision-title" aria-busy={pending !== null || undefined}>
      <h2 id="mod-decision-title" ref={heading} tabIndex={-1}>
        Decision
      </h2>
      {body}
      {error ? (
        <p className="mod-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="mod-status" role="status">
        {status}
      </p>
    </section>
  );
}
