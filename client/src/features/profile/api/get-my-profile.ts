import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { Profile } from '@/types/api.ts';

export const getMyProfile = () => api.get<Profile>(apiPaths.myProfile);

export function useMyProfile(enabled = true) {
  return useSWR<Profile>(enabled ? apiPaths.myProfile : null, getMyProfile);
}
