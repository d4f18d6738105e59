import { mutate } from 'swr';
import { apiPaths } from '../config/paths.ts';
import { type CacheName, type ChangeKind, REFRESH_LISTS } from './refresh-lists.ts';

/** SWR keys by data-set name. profiles is a prefix: its key carries the filter query. */
export const cacheKeys: Record<CacheName, string> = {
  likesReceived: apiPaths.likesReceived,
  likesSent: apiPaths.likesSent,
  matches: apiPaths.matches,
  profiles: apiPaths.profiles,
  blockedUsers: apiPaths.blocked,
  profileFilters: apiPaths.filterProfiles,
  myProfile: apiPaths.myProfile,
};

function matcher(name: CacheName) {
  const key = cacheKeys[name];
  return (candidate: unknown) =>
    typeof candidate === 'string' && (candidate === key || (name === 'profiles' && candidate.startsWith(`${key}?`)));
}

export async function refreshCaches(names: readonly CacheName[]): Promise<void> {
  await Promise.all(names.map((name) => mutate(matcher(name))));
}

/** Refresh the data sets a change of this kind makes stale. */
export function refreshAfter(kind: ChangeKind): Promise<void> {
  return refreshCaches(REFRESH_LISTS[kind]);
}

/** Drop every cached response without refetching (sign-out, deletion, before sign-up). */
export async function clearCache(): Promise<void> {
  await mutate(() => true, undefined, { revalidate: false });
}
