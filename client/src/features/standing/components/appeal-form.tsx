import { type FormEvent, useId, useState } from 'react';
import { appealCount } from '../hooks/appeal-form.ts';
import { useAppealSubmit } from '../hooks/use-appeal-submit.ts';

interface AppealFormProps {
  statementId: number;
  onFiled: () => void;
  onCancel: () => void;
}

/**
 * The appeal: a labelled text with its count (read with the field), the server's sentence in an
 * alert when it refuses, Submit and Cancel. Focus starts in the text.
 */
export function AppealForm({ statementId, onFiled, onCancel }: AppealFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const { submit, busy, error } = useAppealSubmit(statementId, onFiled);
  const count = appealCount(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(text);
  };

  return (
    <form className="appeal-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <div className="field">
        <label htmlFor={id} className="field-label">
          Why should this decision be changed?
        </label>
        <textarea
          id={id}
          className={count.over ? 'input appeal-text input-invalid' : 'input appeal-text'}
          rows={5}
          value={text}
          // The form opens on a press of Appeal: the member means to write now.
          autoFocus
          onChange={(event) => setText(event.target.value)}
          aria-invalid={count.over || undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-count`} className={count.over ? 'appeal-count is-over' : 'appeal-count'}>
          {count.text}
          <span className="visually-hidden"> characters</span>
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="appeal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
