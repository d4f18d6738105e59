import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { FaceDecisionBody } from './types.ts';

/**
 * Decides a face match. No toast: the screen shows the server's sentence (already decided by
 * someone else, the print is gone) in an alert beside the item.
 */
export const decideFace = (userId: number, body: FaceDecisionBody) =>
  api.post<{ user_id: number; review_state: string }>(apiPaths.moderationFaceDecide(userId), body, { toastErrors: false });
