import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { ReportDetail } from './types.ts';

/**
 * Claims a report (open → in review, assigned to me); answers the report in full. No toast: the
 * screen shows the server's sentence (someone else claimed it first, my own report) in an alert.
 * Not retried: a repeat of my own claim is harmless, but the moderator can press Claim again.
 */
export const claimReport = (reportId: number) =>
  api.post<ReportDetail>(apiPaths.moderationClaim(reportId), undefined, { toastErrors: false });
