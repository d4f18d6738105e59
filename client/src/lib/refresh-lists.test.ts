import t from 'tap';
import { ALL_CACHES, REFRESH_LISTS } from './refresh-lists.ts';

t.test('each change refreshes the cached lists it affects', async (t) => {
  t.same(REFRESH_LISTS.match, ['likesReceived', 'likesSent', 'matches']);
  t.same(REFRESH_LISTS.like, ['likesSent']);
  t.same(REFRESH_LISTS.block, ['profiles', 'blockedUsers']);
  t.same([...REFRESH_LISTS.delete].sort(), [...ALL_CACHES].sort());
  t.same(REFRESH_LISTS.profile, ['profiles'], 'a saved profile can change who discovery shows');
  t.equal(ALL_CACHES.length, 7);
});
