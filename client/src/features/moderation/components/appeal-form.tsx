import { type FormEvent, useId, useState } from 'react';
import type { AppealBody, AppealOutcome } from '../api/types.ts';
import { APPEAL_OUTCOME_REQUIRED, APPEAL_REASON_REQUIRED, appealBody } from '../hooks/decision-form.ts';
import { ReasonField } from './reason-field.tsx';
import { useReason } from '../hooks/use-reason.ts';

const OUTCOMES: ReadonlyArray<{ value: AppealOutcome; label: string; hint: string }> = [
  { value: 'uphold', label: 'Uphold', hint: 'the decision and its strike stand' },
  { value: 'overturn', label: 'Overturn', hint: 'the strike is voided and its restriction lifted' },
];

interface AppealFormProps {
  busy: boolean;
  onDecide: (body: AppealBody) => Promise<boolean>;
}

/**
 * Decide the appeal: Uphold or Overturn (neither chosen to start with: the moderator must pick)
 * and the reason, which the member will read, with its count. Any moderator but the one who took
 * the contested decision may decide it; the server says so (403) rather than the form guessing.
 */
export function AppealForm({ busy, onDecide }: AppealFormProps) {
  const id = useId();
  const [outcome, setOutcome] = useState<AppealOutcome | null>(null);
  const { reason, setReason, tried, markTried, count, shown: reasonShown } = useReason(APPEAL_REASON_REQUIRED);
  const outcomeShown = tried && outcome === null ? APPEAL_OUTCOME_REQUIRED : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    markTried();
    if (busy || count.problem || outcome === null) return;
    void onDecide(appealBody(outcome, reason));
  };

  return (
    <form className="mod-act" onSubmit={onSubmit} noValidate>
      <fieldset className="mod-fieldset" disabled={busy}>
        <legend className="mod-legend">Decide the appeal</legend>
        <fieldset
          className="mod-fieldset mod-choices"
          aria-invalid={outcomeShown ? true : undefined}
          aria-describedby={outcomeShown ? `${id}-outcome-problem` : undefined}
        >
          <legend className="field-label">Outcome</legend>
          {OUTCOMES.map((choice) => (
            <label key={choice.value} className="mod-choice">
              <input
                type="radio"
                name={`${id}-outcome`}
                value={choice.value}
                checked={outcome === choice.value}
                onChange={() => setOutcome(choice.value)}
              />{' '}
              {choice.label}: {choice.hint}
            </label>
          ))}
          {outcomeShown ? (
            <p id={`${id}-outcome-problem`} className="field-error" role="alert">
              {outcomeShown}
            </p>
          ) : null}
        </fieldset>
        <ReasonField
          id={id}
          label="Reason (the member will read it)"
          rows={5}
          reason={reason}
          countText={count.text}
          problem={reasonShown}
          onChange={setReason}
        />
        <div className="mod-actions">
          <button type="submit" className="btn btn-primary">
            Decide the appeal
          </button>
        </div>
      </fieldset>
    </form>
  );
}
