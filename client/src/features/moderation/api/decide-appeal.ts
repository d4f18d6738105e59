import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { AppealBody, ReportDetail } from './types.ts';

/**
 * Decides the member's appeal: uphold or overturn, with a reason; answers the report in full. No
 * toast: the screen shows the server's sentence (a different moderator must decide it, no appeal
 * pending) in an alert. The same outcome sent twice by the same moderator answers the same.
 */
export const decideAppeal = (reportId: number, body: AppealBody) =>
  api.post<ReportDetail>(apiPaths.moderationAppeal(reportId), body, { toastErrors: false });
