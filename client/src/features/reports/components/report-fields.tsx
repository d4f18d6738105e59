import { useId } from 'react';
import { NOTE_TOO_LONG, REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, type ReportCategory } from '@contract/reports.ts';
import { noteCount } from '../hooks/report-form.ts';

/** The reasons as native radio buttons in a fieldset: the legend names the group, arrows move in it. */
export function CategoryChoice({
  value,
  onChange,
  invalid,
}: {
  value: ReportCategory | null;
  onChange: (category: ReportCategory) => void;
  invalid: boolean;
}) {
  return (
    <fieldset className="report-categories" aria-invalid={invalid || undefined}>
      <legend className="field-label">What is wrong?</legend>
      {REPORT_CATEGORIES.map((code) => (
        <label key={code} className="report-option">
          <input type="radio" name="report-category" value={code} checked={value === code} onChange={() => onChange(code)} />
          <span>{REPORT_CATEGORY_LABELS[code]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The optional note with its count. The count is read with the field (aria-describedby), not
 * announced on every key; going over the limit is announced once, as an alert.
 */
export function NoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const id = useId();
  const count = noteCount(value);
  return (
    <div className="field report-note-field">
      <label htmlFor={id} className="field-label">
        Anything else we should know? (optional)
      </label>
      <textarea
        id={id}
        className={count.over ? 'input report-note input-invalid' : 'input report-note'}
        rows={4}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={count.over || undefined}
        aria-describedby={`${id}-count${count.over ? ` ${id}-over` : ''}`}
      />
      <p id={`${id}-count`} className={count.over ? 'report-count is-over' : 'report-count'}>
        {count.text}
        <span className="visually-hidden"> characters</span>
      </p>
      {count.over ? (
        <p id={`${id}-over`} className="field-error" role="alert">
          {NOTE_TOO_LONG}
        </p>
      ) : null}
    </div>
  );
}
