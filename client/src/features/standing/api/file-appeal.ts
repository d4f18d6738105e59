import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { Statement } from './get-statements.ts';

/**
 * Appeals one decision; answers the statement with its appeal pending. No toast: the form shows
 * the server's sentence. The server takes the same text twice as one appeal, so a retry is safe.
 */
export const fileAppeal = (statementId: number, text: string) =>
  api.post<Statement>(apiPaths.appeal(statementId), { text }, { toastErrors: false });
