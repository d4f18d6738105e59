import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { LikeResult } from '@/types/api.ts';

/** Likes a member who liked me; a mutual like makes the match. The screen toasts its own failure. */
export const likeBack = (profileId: number) =>
  api.post<LikeResult>(apiPaths.like, { to_profile_id: profileId, liked: true }, { toastErrors: false });
