import useSWR from 'swr';
import type { SavedFilters } from '@contract/filters.ts';
import { api } from '@/lib/api-client.ts';
import { type Page, toPage } from '@/lib/pagination.ts';
import type { Profile } from '@/types/api.ts';
import { profilesKey } from './profiles-key.ts';

export { profilesKey, sameProfilesQuery } from './profiles-key.ts';

export const getProfiles = async (key: string): Promise<Page<Profile>> => toPage<Profile>(await api.get<unknown>(key));

/**
 * The same read, started before the screen knows it will show the list (see app/routes/home.tsx):
 * no toast, as for an incomplete profile (403) the screen never asks for the answer.
 */
export const prefetchProfiles = async (key: string): Promise<Page<Profile>> =>
  toPage<Profile>(await api.get<unknown>(key, { toastErrors: false }));

/**
 * Key by URL; null (no fetch) until the own profile and the saved filters are known.
 * A cached page is always fetched again when the screen mounts or the key comes back (Clear All
 * returns to an earlier URL): the server's order moves swiped members last and blocks hide
 * members, so an old page must never be shown as the current one (use-discovery waits for it).
 */
export function useProfiles(filters: Partial<SavedFilters> | undefined, enabled: boolean) {
  return useSWR<Page<Profile>>(enabled && filters ? profilesKey(filters) : null, getProfiles, {
    revalidateOnFocus: false,
    revalidateIfStale: true,
  });
}
