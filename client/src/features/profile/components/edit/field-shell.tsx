import type { ReactNode } from 'react';

export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Renders the control with its id and the aria attributes that tie it to the hint and error. */
  children: (a11y: FieldA11y) => ReactNode;
}

/** Label, control, hint and error of one form field, wired for screen readers. */
export function FieldShell({ id, label, required, error, hint, children }: FieldShellProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Marks a field counted by profile completeness (saving without it is still allowed). */
export function RequiredMark() {
  return (
    <span className="required-mark">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> (required)</span>
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}
