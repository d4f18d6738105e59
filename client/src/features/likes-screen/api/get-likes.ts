import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** A card of the Likes screen, as GET likes_received/ and likes_sent/ answer it. */
export interface LikeCard {
  /** Profile id: the card opens /profile/{id}; like back and unlike take it. */
  id: number;
  user_id: number;
  username: string;
  age: number | null;
  /** Photo 1 matched a live face scan. */
  verified: boolean;
  photo1_url?: string | null;
  home_city?: string | null;
  home_state?: string | null;
  home_country?: string | null;
  /** In cm; shown in feet and inches. */
  height?: number | null;
  education?: string | null;
  religion?: string | null;
  livelihood?: string | null;
  relationship_status?: string | null;
  number_of_kids_wanted?: string | null;
  liked_at: string;
}

export interface LikesReceivedResult {
  likes_received: LikeCard[];
}

export interface LikesSentResult {
  likes_sent: LikeCard[];
}

// The screen shows a failed load in place, with Try again, so the shared error toast is off.
export const getLikesReceived = () => api.get<LikesReceivedResult>(apiPaths.likesReceived, { toastErrors: false });
export const getLikesSent = () => api.get<LikesSentResult>(apiPaths.likesSent, { toastErrors: false });

/** Keyed by the API path, so lib/cache.ts's refreshAfter reaches them. */
export const useLikesReceived = () => useSWR<LikesReceivedResult>(apiPaths.likesReceived, getLikesReceived);
export const useLikesSent = () => useSWR<LikesSentResult>(apiPaths.likesSent, getLikesSent);
