/** Which cached data sets to refresh after each kind of change. */
export type CacheName = 'likesReceived' | 'likesSent' | 'matches' | 'profiles' | 'blockedUsers' | 'profileFilters' | 'myProfile';

export type ChangeKind = 'like' | 'match' | 'pass' | 'block' | 'unblock' | 'filters' | 'profile' | 'delete';

export const ALL_CACHES: readonly CacheName[] = [
  'likesReceived',
  'likesSent',
  'matches',
  'profiles',
  'blockedUsers',
  'profileFilters',
  'myProfile',
];

export const REFRESH_LISTS: Record<ChangeKind, readonly CacheName[]> = {
  like: ['likesSent'],
  match: ['likesReceived', 'likesSent', 'matches'],
  pass: ['profiles'],
  // A block also ends the pair's match and removes the likes between them.
  block: ['profiles', 'blockedUsers', 'matches', 'likesReceived', 'likesSent'],
  unblock: ['profiles', 'blockedUsers'],
  filters: ['profileFilters', 'profiles'],
  // A saved profile (gender, location) can change who discovery shows.
  profile: ['profiles'],
  delete: ALL_CACHES,
};
