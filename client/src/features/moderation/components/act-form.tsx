import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { RESOLUTIONS, type Resolution } from '@contract/reports.ts';
import type { DecideBody } from '../api/types.ts';
import { actBody, DISMISS_BODY } from '../hooks/decision-form.ts';
import { isResolution, RESOLUTION_LABELS } from '../hooks/moderation-text.ts';
import { ReasonField } from './reason-field.tsx';
import { useReason } from '../hooks/use-reason.ts';

interface ActFormProps {
  recommended: Resolution;
  busy: boolean;
  onDecide: (body: DecideBody) => Promise<boolean>;
  /** Just claimed: the Claim button is gone, so focus starts on the first field. */
  focusFirst?: boolean;
}

/**
 * Dismiss, or act: the resolution (the ladder's advice chosen to start with) and the reason, which
 * the member will read, with its count. A missing reason is said once Take action is pressed; one
 * over the limit is said as soon as it is.
 */
export function ActForm({ recommended, busy, onDecide, focusFirst = false }: ActFormProps) {
  const id = useId();
  const first = useRef<HTMLSelectElement>(null);
  // When it turns true (the claim's answer is in), not on every render: typing must keep its place.
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  const [resolution, setResolution] = useState<Resolution>(recommended);
  const { reason, setReason, markTried, count, shown } = useReason();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    markTried();
    if (busy || count.problem) return;
    void onDecide(actBody(resolution, reason));
  };

  return (
    <form className="mod-act" onSubmit={onSubmit} noValidate>
      <fieldset className="mod-fieldset" disabled={busy}>
        <legend className="visually-hidden">Decide this report</legend>
        <div className="field">
          <label htmlFor={`${id}-resolution`} className="field-label">
            Action
          </label>
          <select
            ref={first}
            id={`${id}-resolution`}
            className="input"
            value={resolution}
            onChange={(event) => {
              if (isResolution(event.target.value)) setResolution(event.target.value);
            }}
          >
            {RESOLUTIONS.map((code) => (
              <option key={code} value={code}>
                {RESOLUTION_LABELS[code]}
                {code === recommended ? ' (recommended)' : ''}
              </option>
            ))}
          </select>
        </div>
        <ReasonField
          id={id}
          label="Reason (the member will read it)"
          rows={5}
          reason={reason}
          countText={count.text}
          problem={shown}
          onChange={setReason}
        />
        <div className="mod-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void onDecide(DISMISS_BODY)}>
            Dismiss report
          </button>
          <button type="submit" className="btn btn-danger">
            Take action
          </button>
        </div>
      </fieldset>
    </form>
  );
}
