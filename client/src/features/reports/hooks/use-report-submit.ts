import { useCallback, useRef, useState } from 'react';
import type { ReportCategory } from '@contract/reports.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { fileReport, type ReportAnswer } from '../api/file-report.ts';
import { failureSentence, keyForSubmission, type PendingSubmission, reportBody, type ReportTarget } from './report-form.ts';

/**
 * Sends one report from the open dialog: one at a time, the same Idempotency-Key while the member
 * retries the same report (so a retry after a lost answer is not a second report), the server's
 * sentence when it refuses. Mounted per report, so a new report starts with no key.
 */
export function useReportSubmit(target: ReportTarget, onFiled: (answer: ReportAnswer) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<PendingSubmission | null>(null);
  const sending = useRef(false);

  const submit = useCallback(
    async (category: ReportCategory, note: string) => {
      if (sending.current) return;
      sending.current = true;
      const submission = keyForSubmission(pending.current, reportBody(target, category, note));
      pending.current = submission;
      setBusy(true);
      setError(null);
      try {
        const answer = await fileReport(submission.body, submission.key);
        onFiled(answer);
      } catch (failure) {
        console.error('Report failed', failure);
        // A 401 was already handled by the api client (signed out, sent to /signin).
        if (!(failure instanceof ApiError && failure.status === 401)) setError(failureSentence(failure));
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [target, onFiled],
  );

  return { submit, busy, error, setError };
}
