import t from 'tap';
import { OWN_LIKE_WINDOW_MS, ownLikeMadeMatch, trackOwnLike } from './realtime.tsx';

t.test("a match made by this tab's own like is not toasted twice", async (t) => {
  const now = 1_000_000;
  let answer: (value: { match_created: boolean }) => void = () => {};
  const request = new Promise<{ match_created: boolean }>((resolve) => {
    answer = resolve;
  });
  const tracked = trackOwnLike(41, request, now);
  t.equal(tracked, request, 'the request is handed back unchanged');

  // The push may arrive before the like's answer: the check waits for it.
  const check = ownLikeMadeMatch(41, now + 50);
  answer({ match_created: true });
  t.equal(await check, true, 'the answer made the match: the push stays quiet');

  t.equal(await ownLikeMadeMatch(42, now + 50), false, 'another profile: toast');
  t.equal(await ownLikeMadeMatch(41, now + OWN_LIKE_WINDOW_MS + 1), false, 'long ago: toast');
});

t.test('a like that did not make the match (the peer liked back later) lets the push toast', async (t) => {
  const now = 2_000_000;
  trackOwnLike('7', Promise.resolve({ match_created: false }), now);
  t.equal(await ownLikeMadeMatch(7, now + 10), false);
  trackOwnLike(8, Promise.reject(new Error('offline')), now);
  t.equal(await ownLikeMadeMatch(8, now + 10), false, 'a failed like made nothing');
});
