import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { ReportBody } from '../hooks/report-form.ts';

export interface ReportAnswer {
  id: number;
  /** The sentence the member reads once it is filed (shown as the toast). */
  detail: string;
}

/**
 * Files a report. `idempotencyKey` names this one submission: the api client may then retry it
 * after no answer or a 5xx, and the server files it at most once. No toast here: the dialog shows
 * the server's sentence itself.
 */
export const fileReport = (body: ReportBody, idempotencyKey: string) =>
  api.post<ReportAnswer>(apiPaths.reports, body, { toastErrors: false, idempotencyKey });
