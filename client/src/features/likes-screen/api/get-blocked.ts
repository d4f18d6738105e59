import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** One member I blocked, as GET blocked/ answers it (a plain array, newest first). */
export interface BlockedUser {
  /** Unblock takes the user id, not the profile id. */
  user_id: number;
  id: number;
  username: string;
  age: number | null;
  photo1_url: string | null;
  /** Where they live and the facts every card of the Likes screen shows. */
  home_city: string | null;
  home_state: string | null;
  home_country: string | null;
  height: number | null;
  education: string | null;
  religion: string | null;
  livelihood: string | null;
  relationship_status: string | null;
  number_of_kids_wanted: string | null;
  blocked_at: string;
}

export const getBlockedUsers = () => api.get<BlockedUser[]>(apiPaths.blocked, { toastErrors: false });

/** Keyed by the API path, so lib/cache.ts's refreshAfter('block' | 'unblock') reaches it. */
export const useBlockedUsers = () => useSWR<BlockedUser[]>(apiPaths.blocked, getBlockedUsers);
