import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { apiPaths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { claimReport } from '../api/claim-report.ts';
import { decideAppeal as postAppeal } from '../api/decide-appeal.ts';
import { decideReport } from '../api/decide-report.ts';
import type { AppealBody, DecideBody, QueuePage, ReportDetail } from '../api/types.ts';
import { appealDecidedSentence, decidedSentence, failureSentence } from './decision-form.ts';
import { queuePageKey, withReport } from './queue-pages.ts';

export type PendingAction = 'claim' | 'decide' | 'appeal' | null;

export const CLAIMED = 'You claimed this report. You can now dismiss it or act on it.';

/**
 * Claim, decide and decide an appeal for the open report: one request at a time, the answer (the report in full)
 * put in SWR's cache and read again (and the queue's cached pages brought in line with it), a sentence for the status line on success, the server's own
 * sentence for the alert on a refusal. After a refusal the report is read again too: a 409 means
 * it changed under the moderator (claimed or decided by someone else), and the screen should say how.
 */
export function useReportActions(reportId: number) {
  const { mutate } = useSWRConfig();
  const key = apiPaths.moderationReport(reportId);
  const [pending, setPending] = useState<PendingAction>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const inFlight = useRef(false);

  const run = useCallback(
    async (action: Exclude<PendingAction, null>, call: () => Promise<ReportDetail>, done: string): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setPending(action);
      setError(null);
      setStatus('');
      try {
        const answer = await call();
        await mutate(key, answer, { revalidate: true });
        await mutate(unstable_serialize(queuePageKey), (pages?: QueuePage[]) => withReport(pages, answer), { revalidate: false });
        setStatus(done);
        return true;
      } catch (failure) {
        console.error(`Moderation ${action} failed`, failure);
        // A 401 was handled by the api client (signed out, sent to /signin).
        if (!(failure instanceof ApiError && failure.status === 401)) {
          setError(failureSentence(failure));
          void mutate(key);
        }
        return false;
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [key, mutate],
  );

  const claim = useCallback(() => run('claim', () => claimReport(reportId), CLAIMED), [run, reportId]);
  const decide = useCallback(
    (body: DecideBody) => run('decide', () => decideReport(reportId, body), decidedSentence(body)),
    [run, reportId],
  );

  const decideAppeal = useCallback(
    (body: AppealBody) => run('appeal', () => postAppeal(reportId, body), appealDecidedSentence(body)),
    [run, reportId],
  );

  return { claim, decide, decideAppeal, pending, error, status };
}
