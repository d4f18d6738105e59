import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** Lifts my block of a user (by user id; 404 when I had not blocked them). */
export const unblockUser = (userId: number) => api.delete<unknown>(apiPaths.unblock(userId), { toastErrors: false });
