import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { Profile } from '@/types/api.ts';

/** A missing profile is a state of the screen ('Profile Not Found'), so 404 is not toasted. */
export const getProfile = (id: string) => api.get<Profile>(apiPaths.profile(id), { toastErrors: false });

export function useProfile(id: string | undefined) {
  return useSWR<Profile>(id ? apiPaths.profile(id) : null, () => getProfile(id as string));
}
