import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { DecideBody, ReportDetail } from './types.ts';

/**
 * Decides a claimed report: dismiss it, or act with a resolution and a reason; answers the report
 * in full. No toast: the screen shows the server's sentence (only the assignee decides, already
 * decided) in an alert. The server treats the same decision sent twice as one.
 */
export const decideReport = (reportId: number, body: DecideBody) =>
  api.post<ReportDetail>(apiPaths.moderationDecide(reportId), body, { toastErrors: false });
