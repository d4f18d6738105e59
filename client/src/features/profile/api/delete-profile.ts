import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** Callers toast their own failure message, so the shared error toast is off. */
export const deleteProfile = () => api.post<unknown>(apiPaths.deleteProfile, undefined, { toastErrors: false });
