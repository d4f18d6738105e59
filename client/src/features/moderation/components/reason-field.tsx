/**
 * The reason a moderator gives with a decision, an appeal's outcome or a face match: a labelled
 * textarea with its character count, and the problem (if any) said beside it. The three forms
 * decide when a problem is shown; this only draws it, the same way each time.
 */
export function ReasonField({
  id,
  label,
  rows,
  reason,
  countText,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  rows: number;
  reason: string;
  countText: string;
  problem: string | null;
  onChange: (reason: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`} className="field-label">
        {label}
      </label>
      <textarea
        id={`${id}-reason`}
        className={problem ? 'input mod-reason input-invalid' : 'input mod-reason'}
        rows={rows}
        value={reason}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className={problem ? 'mod-count-chars is-over' : 'mod-count-chars'}>
        {countText}
        <span className="visually-hidden"> characters</span>
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
