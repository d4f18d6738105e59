import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** Removes my like of a profile and any match with it (404 when there is none). No body. */
export const unlikeProfile = (profileId: number) => api.post<unknown>(apiPaths.unlike(profileId), undefined, { toastErrors: false });
