import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { LikeResult } from '@/types/api.ts';

export interface LikeInput {
  to_profile_id: number | string;
  liked: boolean;
}

export const likeProfile = (input: LikeInput) => api.post<LikeResult>(apiPaths.like, input, { toastErrors: false });
