/**
 * What the client refetches after each kind of change, in the SWR keys the app really caches:
 * refreshAfter() asks SWR to revalidate every cached response the change made stale, and no
 * other. SWR's mutate is replaced by one that records the keys each call would revalidate.
 */
import t, { type Test } from 'tap';
import { apiPaths } from '../config/paths.ts';
import type { ChangeKind } from './refresh-lists.ts';

/** Keys the app caches under, discovery with the filter query its pages carry. */
const CACHED = {
  likesReceived: apiPaths.likesReceived,
  likesSent: apiPaths.likesSent,
  matches: apiPaths.matches,
  discovery: apiPaths.profiles,
  discoveryFiltered: `${apiPaths.profiles}?age_min=25&page=2`,
  blocked: apiPaths.blocked,
  filters: apiPaths.filterProfiles,
  myProfile: apiPaths.myProfile,
  chat: apiPaths.chat(3),
  completeness: apiPaths.completeness,
} as const;
type Cached = keyof typeof CACHED;

async function refetchedAfter(t: Test, kind: ChangeKind): Promise<Cached[]> {
  const revalidated = new Set<Cached>();
  const { refreshAfter } = await t.mockImport<typeof import('./cache.ts')>('./cache.ts', {
    swr: {
      mutate: async (filter: (key: unknown) => boolean) => {
        for (const [name, key] of Object.entries(CACHED)) if (filter(key)) revalidated.add(name as Cached);
      },
    },
  });
  await refreshAfter(kind);
  return [...revalidated].sort();
}

const sorted = (names: Cached[]) => [...names].sort();

t.test('each change refetches the cached responses it makes stale, and no others', async (t) => {
  t.same(await refetchedAfter(t, 'like'), sorted(['likesSent']), 'a like: my sent likes');
  t.same(await refetchedAfter(t, 'match'), sorted(['likesReceived', 'likesSent', 'matches']), 'a match: both likes lists and the matches');
  t.same(await refetchedAfter(t, 'pass'), sorted(['discovery', 'discoveryFiltered']), 'a pass: every discovery page, filtered or not');
  t.same(
    await refetchedAfter(t, 'block'),
    sorted(['discovery', 'discoveryFiltered', 'blocked', 'matches', 'likesReceived', 'likesSent']),
    'a block ends the match and the likes too, and hides them from discovery',
  );
  t.same(await refetchedAfter(t, 'unblock'), sorted(['discovery', 'discoveryFiltered', 'blocked']));
  t.same(await refetchedAfter(t, 'filters'), sorted(['filters', 'discovery', 'discoveryFiltered']));
  t.same(await refetchedAfter(t, 'profile'), sorted(['discovery', 'discoveryFiltered']), 'a saved profile can change who discovery shows');
  t.same(
    await refetchedAfter(t, 'delete'),
    sorted(['likesReceived', 'likesSent', 'matches', 'discovery', 'discoveryFiltered', 'blocked', 'filters', 'myProfile']),
    'a deleted profile: every list',
  );
});

t.test('no change refetches a chat or the completeness check through these lists', async (t) => {
  for (const kind of ['like', 'match', 'pass', 'block', 'unblock', 'filters', 'profile', 'delete'] as const) {
    const refetched = await refetchedAfter(t, kind);
    t.notOk(refetched.includes('chat') || refetched.includes('completeness'), kind);
  }
});
