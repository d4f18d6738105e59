import t from 'tap';
import { apiPaths } from '@/config/paths.ts';
import { formatHeightCm } from '@/lib/format.ts';
import type { LikeCard } from '../api/get-likes.ts';
import {
  cardFacts,
  EMPTY_STATES,
  homePlace,
  LIKES_MESSAGES,
  madeMatch,
  listsToRefresh,
  nameWithAge,
  readTab,
  TAB_IDS,
  TAB_LABELS,
  tabCount,
  withoutId,
} from './likes-state.ts';

const card = (fields: Partial<LikeCard> = {}): LikeCard => ({
  id: 7,
  user_id: 70,
  username: 'ben',
  age: 34,
  verified: false,
  photo1_url: null,
  home_city: 'Austin',
  home_state: 'Texas',
  home_country: 'United States',
  height: 170,
  education: 'Bachelor',
  religion: 'Christian - Catholic',
  livelihood: 'Self-Employed',
  relationship_status: 'Single',
  number_of_kids_wanted: '1-2',
  liked_at: '2026-01-05T10:00:00.000Z',
  ...fields,
});

t.test('the tabs, in order, with the spec words', async (t) => {
  t.same(
    TAB_IDS.map((id) => TAB_LABELS[id]),
    ['Likes Received', 'Likes Sent', 'Blocked Users'],
  );
  t.same(
    TAB_IDS.map((id) => EMPTY_STATES[id].title),
    ['No Likes Received Yet', 'No Likes Sent Yet', 'No Blocked Users'],
  );
  t.equal(readTab(new URLSearchParams('')), 'received', 'received by default');
  t.equal(readTab(new URLSearchParams('tab=sent')), 'sent');
  t.equal(readTab(new URLSearchParams('tab=blocked')), 'blocked');
  t.equal(readTab(new URLSearchParams('tab=__proto__')), 'received', 'anything else: received');
  t.equal(tabCount(undefined), null, 'no count before the list loads');
  t.equal(tabCount([]), 0);
  t.equal(tabCount([1, 2]), 2);
});

t.test('the messages', async (t) => {
  t.equal(madeMatch({ match_created: true, match_id: 3 }), 3, 'a match: its id, for the match moment');
  t.equal(madeMatch({ match_created: true, match_id: '4' }), 4);
  t.equal(madeMatch({ match_created: false, match_id: 3 }), null, 'an earlier match is not news');
  t.equal(madeMatch({ match_created: true, match_id: null }), null);
  t.equal(madeMatch(undefined), null);
  t.equal(LIKES_MESSAGES.liked, 'Profile liked successfully');
  t.equal(LIKES_MESSAGES.unliked, 'Profile unliked successfully');
  t.equal(LIKES_MESSAGES.unlikeFailed, 'Failed to unlike profile');
  t.equal(LIKES_MESSAGES.unblocked, 'User unblocked successfully');
  t.equal(LIKES_MESSAGES.unblockFailed, 'Failed to unblock user');
  t.equal(LIKES_MESSAGES.unlikeTitle, 'Unlike Profile?');
  t.equal(LIKES_MESSAGES.unblockTitle, 'Unblock User?');
  t.equal(LIKES_MESSAGES.unblockText, 'They will be able to see you in search results again.');
});

t.test('what a card shows', async (t) => {
  t.equal(nameWithAge('ben', 34), 'ben, 34');
  t.equal(nameWithAge('ben', null), 'ben', 'no age, no comma');
  t.equal(homePlace(card()), 'Austin, Texas', 'city and state');
  t.equal(homePlace(card({ home_state: '', home_country: 'Canada', home_city: 'Toronto' })), 'Toronto, Canada', 'no state: the country');
  t.equal(homePlace(card({ home_city: null, home_state: null, home_country: null })), null);
  t.equal(homePlace(card({ home_city: '  ', home_state: 'Texas' })), 'Texas');
  const facts = cardFacts(card());
  t.same(
    facts.map((f) => f.label),
    ['Height', 'Education', 'Religion', 'Livelihood', 'Status', 'Kids wanted'],
  );
  t.same(
    facts.map((f) => f.value),
    [formatHeightCm(170), 'Bachelor', 'Christian - Catholic', 'Self-Employed', 'Single', '1-2'],
  );
  t.equal(facts[0].value, `5' 7"`, 'height in feet and inches, as the rest of the app');
  t.same(
    cardFacts(
      card({ height: null, education: null, religion: undefined, livelihood: '', relationship_status: null, number_of_kids_wanted: null }),
    ).map((f) => f.value),
    ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A'],
    'missing values read N/A',
  );
});

t.test('every action reloads the three lists and what it changes', async (t) => {
  const screen = ['likesReceived', 'likesSent', 'blockedUsers'];
  const sorted = (names: string[]) => [...names].sort();
  t.same(sorted(listsToRefresh('likeBack')), sorted(screen));
  t.same(sorted(listsToRefresh('match')), sorted([...screen, 'matches']), 'a match: the matches too');
  t.same(
    sorted(listsToRefresh('unlike')),
    sorted([...screen, 'matches', 'profiles']),
    'an unlike can remove a match and changes discovery',
  );
  t.same(sorted(listsToRefresh('unblock')), sorted([...screen, 'profiles']), 'an unblock changes discovery');
  for (const action of ['likeBack', 'match', 'unlike', 'unblock'] as const) {
    const names = listsToRefresh(action);
    t.equal(new Set(names).size, names.length, `${action}: each list once`);
  }
});

t.test('a card leaves its list at once', async (t) => {
  const list = [card({ id: 1 }), card({ id: 2 })];
  t.same(
    withoutId(list, 1)?.map((c) => c.id),
    [2],
  );
  t.same(
    withoutId(list, 9)?.map((c) => c.id),
    [1, 2],
    'an unknown id changes nothing',
  );
  t.equal(withoutId(undefined, 1), undefined, 'nothing loaded yet');
});

t.test('the API paths the screen uses', async (t) => {
  t.equal(apiPaths.unlike(12), '/match/unlike/12/');
  t.equal(apiPaths.unblock(70), '/block/70/unblock/');
  t.equal(apiPaths.likesReceived, '/match/likes_received/');
  t.equal(apiPaths.likesSent, '/match/likes_sent/');
  t.equal(apiPaths.blocked, '/blocked/');
});
