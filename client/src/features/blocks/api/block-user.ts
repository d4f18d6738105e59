import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** The id is the user_id of the profile; no body. */
export const blockUser = (userId: number | string) => api.post<unknown>(apiPaths.block(userId), undefined, { toastErrors: false });
