import { useCallback, useId, useRef, useState } from 'react';
import type { Statement } from '../api/get-statements.ts';
import { APPEAL_SENT } from '../hooks/appeal-form.ts';
import { appealDeadlineText, appealStateText, deciderLabel, localTime, statementTitle } from '../hooks/standing-text.ts';
import { AppealForm } from './appeal-form.tsx';

/**
 * One statement of reasons: what was done and why, who decided, the dates, how to appeal and
 * where the appeal stands; a decision that may still be appealed offers Appeal. The success
 * sentence goes to a live region that is always there, so screen readers announce it.
 */
export function StatementCard({ statement }: { statement: Statement }) {
  const titleId = useId();
  const [appealing, setAppealing] = useState(false);
  const [sent, setSent] = useState(false);
  const appealButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const onFiled = useCallback(() => {
    setAppealing(false);
    setSent(true);
    // The Appeal button is gone now: the card's heading keeps the member's place.
    heading.current?.focus();
  }, []);
  const onCancel = () => {
    setAppealing(false);
    // The button renders again after this update; focus it once it is there, or the heading when
    // the decision can no longer be appealed (the server said so while the form was open).
    requestAnimationFrame(() => (appealButton.current ?? heading.current)?.focus());
  };

  const deadline = appealDeadlineText(statement);
  const appealState = appealStateText(statement);
  const isDecision = statement.kind === 'decision';

  return (
    <article className="card statement-card" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1} className="statement-title">
        {statementTitle(statement.kind)}
        <span className="statement-date"> · {localTime(statement.created_at)}</span>
      </h3>
      <p className="statement-decision">{statement.decision}</p>
      <dl className="statement-facts">
        <dt>Ground</dt>
        <dd>{statement.category_label}</dd>
        <dt>Facts</dt>
        <dd className="statement-text">{statement.facts}</dd>
        <dt>Decided by</dt>
        <dd>{deciderLabel(statement.automated)}</dd>
        {statement.restricted_until ? (
          <>
            <dt>Suspension ends</dt>
            <dd>{localTime(statement.restricted_until)}</dd>
          </>
        ) : null}
        {deadline ? (
          <>
            <dt>Appeal deadline</dt>
            <dd>{deadline}</dd>
          </>
        ) : null}
        {isDecision && statement.can_appeal ? (
          <>
            <dt>How to appeal</dt>
            <dd>{statement.how_to_appeal}</dd>
          </>
        ) : null}
        {appealState ? (
          <>
            <dt>Appeal</dt>
            <dd className={`appeal-state is-${statement.appeal}`}>{appealState}</dd>
          </>
        ) : null}
      </dl>
      <p className="statement-live" role="status" aria-live="polite">
        {sent ? APPEAL_SENT : ''}
      </p>
      {isDecision && statement.can_appeal && !appealing ? (
        <button ref={appealButton} type="button" className="btn btn-primary" onClick={() => setAppealing(true)}>
          Appeal
        </button>
      ) : null}
      {appealing ? <AppealForm statementId={statement.id} onFiled={onFiled} onCancel={onCancel} /> : null}
    </article>
  );
}
