import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { ReportDetail } from './types.ts';

const getReport = (key: string) => api.get<ReportDetail>(key, { toastErrors: false });

/** One report in full: the item, its evidence, the member's other reports and the audit trail. */
export function useModerationReport(reportId: string) {
  return useSWR<ReportDetail>(apiPaths.moderationReport(reportId), getReport);
}
