/**
 * The Report dialog. Loaded on first use (lazy-report-dialog.tsx): nobody needs its code to see
 * a card, a profile or a chat. Radix Dialog gives the focus trap, Escape and the return of focus.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ReportCategory } from '@contract/reports.ts';
import type { ReportAnswer } from '../api/file-report.ts';
import { CHOOSE_CATEGORY, canSubmit, type ReportTarget } from '../hooks/report-form.ts';
import { useReportSubmit } from '../hooks/use-report-submit.ts';
import { CategoryChoice, NoteField } from './report-fields.tsx';
import './reports.css';

export interface ReportDialogProps {
  /** The report under way; null when closed. */
  target: ReportTarget | null;
  onCancel: () => void;
  onFiled: (answer: ReportAnswer) => void;
  /** Where focus goes back to when the dialog closes, if it is still on the page. */
  returnFocus: HTMLElement | null;
}

export function ReportDialog({ target, onCancel, onFiled, returnFocus }: ReportDialogProps) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {/* Keyed by the report: a new one starts empty, with no idempotency key. */}
        {target ? (
          <ReportContent
            key={`${target.userId}:${String(target.messageIds)}`}
            target={target}
            onCancel={onCancel}
            onFiled={onFiled}
            returnFocus={returnFocus}
          />
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportContent({ target, onCancel, onFiled, returnFocus }: Omit<ReportDialogProps, 'target'> & { target: ReportTarget }) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [note, setNote] = useState('');
  const { submit, busy, error, setError } = useReportSubmit(target, onFiled);
  const aboutMessage = (target.messageIds?.length ?? 0) > 0;
  // The sentence sits under the form: brought into view on a phone (a reader hears it as an alert).
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (category === null) return setError(CHOOSE_CATEGORY);
    if (canSubmit(category, note)) void submit(category, note);
  };

  // Escape and a tap outside close it (Cancel), but not while the report is being sent.
  const holdWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog.Content
      className="dialog-content report-dialog"
      onEscapeKeyDown={holdWhileBusy}
      onPointerDownOutside={holdWhileBusy}
      onCloseAutoFocus={(event) => {
        if (!returnFocus?.isConnected) return;
        event.preventDefault();
        returnFocus.focus();
      }}
    >
      <form onSubmit={onSubmit} aria-busy={busy || undefined}>
        <Dialog.Title className="dialog-title">Report {target.name}</Dialog.Title>
        <Dialog.Description className="dialog-description">
          {aboutMessage ? 'The message you chose is sent with your report. ' : ''}
          {target.name} won't be told who reported them. You won't see each other any more.
        </Dialog.Description>
        <fieldset className="report-body" disabled={busy}>
          <CategoryChoice
            value={category}
            invalid={error === CHOOSE_CATEGORY}
            onChange={(next) => {
              setCategory(next);
              if (error === CHOOSE_CATEGORY) setError(null);
            }}
          />
          <NoteField value={note} onChange={setNote} />
        </fieldset>
        {error ? (
          <p ref={errorRef} className="report-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? 'Sending...' : 'Submit'}
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
