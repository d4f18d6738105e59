import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** Failure is only logged, so no toast. */
export const signout = () => api.post<unknown>(apiPaths.signout, undefined, { toastErrors: false });
