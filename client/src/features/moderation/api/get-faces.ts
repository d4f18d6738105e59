import useSWR from 'swr';
import { api } from '@/lib/api-client.ts';
import { FACE_QUEUE_KEY } from '../hooks/face-review.ts';
import type { FacePage } from './types.ts';

const getFaces = (key: string) => api.get<FacePage>(key, { toastErrors: false });

/**
 * The oldest face matches waiting, one page. Decided ones leave it, so the next come into view as
 * the moderator works; no Load more (see the feature README).
 */
export function useFaceQueue() {
  return useSWR<FacePage>(FACE_QUEUE_KEY, getFaces);
}
