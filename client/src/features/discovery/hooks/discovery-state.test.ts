import t from 'tap';
import { countActiveFilters } from '@contract/filters-active.ts';
import { withDefaults } from '@contract/filters.ts';
import { profilesKey, sameProfilesQuery } from '../api/get-profiles.ts';
import { isMiddleTap, swipeDecision } from '../components/swipe.ts';
import {
  appendProfiles,
  discoverySubtitle,
  loadProfiles,
  mayReadOn,
  nextProfile,
  removeProfile,
  soughtGender,
  unseenProfiles,
} from './discovery-state.ts';

const p = (id: number) => ({ id });

t.test('own profile is removed on load', async (t) => {
  t.same(loadProfiles([p(1), p(2), p(3)], 2), { profiles: [p(1), p(3)], index: 0 });
  t.same(loadProfiles([p(1)], '1').profiles, [], 'ids compare as strings');
  t.same(loadProfiles([p(1)], undefined).profiles, [p(1)]);
});

t.test('next is capped and removal keeps the index in range', async (t) => {
  let state = loadProfiles([p(1), p(2), p(3)], null);
  state = nextProfile(nextProfile(nextProfile(state)));
  t.equal(state.index, 2);
  state = removeProfile(state, 3);
  t.same(state, { profiles: [p(1), p(2)], index: 1 });
  state = removeProfile(removeProfile(state, 2), 1);
  t.same(state, { profiles: [], index: 0 });
});

t.test('subtitles and sought gender', async (t) => {
  t.equal(discoverySubtitle('cards', true, 'Man'), 'Swipe right to like, left to pass');
  t.equal(discoverySubtitle('list', true, 'Man'), 'Browse and like profiles');
  t.equal(discoverySubtitle('cards', false, 'Man'), 'Looking for female profiles for you');
  t.equal(discoverySubtitle('list', false, 'Woman'), 'Looking for male profiles for you');
  t.equal(
    discoverySubtitle('cards', true, undefined),
    'Swipe right to like, left to pass',
    'while the own profile and the first page load',
  );
  t.equal(soughtGender('Man'), 'Woman');
  t.equal(soughtGender(null), 'Man');
});

t.test('swipe threshold and the middle 60%', async (t) => {
  t.equal(swipeDecision(101), 'like');
  t.equal(swipeDecision(-101), 'pass');
  t.equal(swipeDecision(100), null);
  t.equal(swipeDecision(-40), null);
  t.ok(isMiddleTap(50, 100));
  t.ok(isMiddleTap(20, 100));
  t.notOk(isMiddleTap(19, 100));
  t.notOk(isMiddleTap(81, 100));
});

t.test('the profiles URL: a page of 20 and only the narrowing filters', async (t) => {
  t.equal(profilesKey(withDefaults({})), '/profiles/?page_size=20');
  t.equal(
    profilesKey({
      maxAge: 40,
      maxDistance: 5000,
      education: ['Bachelor', 'Master'],
      heightRange: { min: 60, max: 72 },
      faceSelfRating: { min: 1, max: 15 },
      minimumBetrothalGiftPrice: 'Any',
    }),
    '/profiles/?page_size=20&education=Bachelor&education=Master&heightRange.min=60&heightRange.max=72&maxAge=40',
  );
});

t.test('active-filter badge uses the shared count', async (t) => {
  t.equal(countActiveFilters(withDefaults({})), 0);
  t.equal(countActiveFilters({ maxAge: 40, maxDistance: 100, religion: ['Jewish'], weightUpTo: 0 }), 3);
  t.equal(countActiveFilters(withDefaults({ minimumBetrothalGiftPrice: '$0' })), 1, "the '$0' gift ceiling narrows, so it counts");
  t.equal(countActiveFilters(withDefaults({ minimumBetrothalGiftPrice: 'Any' })), 0);
});

t.test('reading on: only profiles the deck has not had, appended behind the rest', async (t) => {
  const seen = new Set(['1', '2', '3']);
  t.same(unseenProfiles([p(2), p(3), p(4), p(5)], 9, seen), [p(4), p(5)], 'a page that shifted keeps only the new');
  t.same(unseenProfiles([p(1), p(2)], 9, seen), [], 'a page of seen profiles brings no one');
  t.same(unseenProfiles([p(4), p(9), p(4)], '9', seen), [p(4)], 'never the own profile, never twice');
  const deck = removeProfile(loadProfiles([p(1), p(2), p(3)], null), 1);
  t.same(appendProfiles(deck, [p(4)]), { profiles: [p(2), p(3), p(4)], index: 0 });
  t.equal(appendProfiles(deck, []), deck, 'nothing new leaves the deck as it is');
});

t.test('Apply with unchanged filters is told apart, so it can refresh', async (t) => {
  t.ok(sameProfilesQuery(withDefaults({}), withDefaults({ maxAge: 100 })), 'defaults spelled out ask the same');
  t.ok(sameProfilesQuery({ religion: ['Jewish'], maxAge: 40 }, { maxAge: 40, religion: ['Jewish'] }));
  t.notOk(sameProfilesQuery(withDefaults({}), withDefaults({ maxAge: 40 })));
});

t.test('the deck reads on only past a first page that held someone and has a next page', async (t) => {
  t.equal(mayReadOn(undefined, 0), false, 'no page (the read failed)');
  t.equal(mayReadOn({ next: '/api/v1/profiles/?page=2' }, 0), false, 'an empty first page');
  t.equal(mayReadOn({ next: null }, 4), false, 'every candidate came in the first page');
  t.equal(mayReadOn({ next: '/api/v1/profiles/?page=2' }, 20), true);
});
