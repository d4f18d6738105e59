import { useCallback, useRef, useState } from 'react';
import { mutate } from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { fileAppeal } from '../api/file-appeal.ts';
import { appealFailure, appealProblem } from './appeal-form.ts';

/**
 * Sends one appeal from its form: one request at a time, the rule the server applies checked
 * first (so an empty text costs no request), the server's sentence when it refuses, and the
 * statements read again once it is filed (the card then shows the appeal pending) or refused
 * as no longer possible.
 */
export function useAppealSubmit(statementId: number, onFiled: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);

  const submit = useCallback(
    async (text: string) => {
      if (sending.current) return;
      const problem = appealProblem(text);
      if (problem) {
        setError(problem);
        return;
      }
      sending.current = true;
      setBusy(true);
      setError(null);
      try {
        await fileAppeal(statementId, text.trim());
        await mutate(apiPaths.statements);
        onFiled();
      } catch (failure) {
        console.error('Appeal failed', failure);
        // A 401 was already handled by the api client (signed out, sent to /signin).
        if (!(failure instanceof ApiError && failure.status === 401)) setError(appealFailure(failure));
        // A 409 means the statement changed since it was read (appealed elsewhere, the window
        // closed): read it again so the card says so once the form is closed.
        if (failure instanceof ApiError && failure.status === 409) void mutate(apiPaths.statements);
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [statementId, onFiled],
  );

  return { submit, busy, error, setError };
}
