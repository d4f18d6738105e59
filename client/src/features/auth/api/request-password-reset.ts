import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export const requestPasswordReset = (email: string) => api.post<unknown>(apiPaths.requestPasswordReset, { email });
