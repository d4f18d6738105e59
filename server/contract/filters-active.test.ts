import t from 'tap';
import { activeFilterKeys, countActiveFilters, isFilterActive } from './filters-active.ts';
import { FILTER_DEFAULTS } from './filters.ts';

t.test('off at the any end, blank, empty or full width', async (t) => {
  const off: Array<[string, unknown]> = [
    ['maxAge', 100],
    ['maxDistance', 5000],
    ['weightUpTo', 0],
    ['homeCity', ''],
    ['homeCity', '  '],
    ['nativeLanguage', ''],
    ['minimumBetrothalGiftPrice', 'Any'],
    ['heightRange', { min: 48, max: 96 }],
    ['faceSelfRating', { min: 1, max: 15 }],
    ['religion', []],
    ['maxAge', undefined],
    ['homeCountry', null],
    ['notAFilter', 'x'],
    ['heightRange', 'x'],
    ['verifiedOnly', false],
    ['verifiedOnly', undefined],
    ['verifiedOnly', 'Yes'],
    ['verifiedOnly', 1],
  ];
  for (const [key, value] of off) t.notOk(isFilterActive(key, value), `${key}=${JSON.stringify(value)} is off`);
  const on: Array<[string, unknown]> = [
    ['maxAge', 99],
    ['maxDistance', 0],
    ['weightUpTo', 1],
    ['homeCity', 'Austin'],
    ['nativeLanguage', 'Thai'],
    ['minimumBetrothalGiftPrice', '$0'],
    ['heightRange', { min: 48, max: 95 }],
    ['faceSelfRating', { min: 2, max: 15 }],
    ['religion', ['Sikh']],
    ['verifiedOnly', true],
  ];
  for (const [key, value] of on) t.ok(isFilterActive(key, value), `${key}=${JSON.stringify(value)} narrows`);
  t.same(activeFilterKeys({ maxAge: 40, maxDistance: 5000, religion: ['Sikh'], homeCity: '' }), ['maxAge', 'religion']);
});

t.test('the badge counts each active filter once', async (t) => {
  t.equal(countActiveFilters(FILTER_DEFAULTS), 0, 'defaults count nothing');
  t.equal(countActiveFilters({}), 0);
  t.equal(countActiveFilters({ maxAge: 99 }), 1, 'age below 100');
  t.equal(countActiveFilters({ maxAge: 100 }), 0);
  t.equal(countActiveFilters({ maxDistance: 4990 }), 1, 'distance below 5000');
  t.equal(countActiveFilters({ maxDistance: 0 }), 1);
  t.equal(countActiveFilters({ homeCountry: 'United States', homeState: 'Texas', homeCity: 'Austin' }), 3, 'each location field');
  t.equal(countActiveFilters({ homeCity: '' }), 0);
  t.equal(countActiveFilters({ heightRange: { min: 48, max: 96 } }), 0);
  t.equal(countActiveFilters({ heightRange: { min: 49, max: 96 } }), 1);
  t.equal(countActiveFilters({ heightRange: { min: 48, max: 95 } }), 1);
  t.equal(countActiveFilters({ heightRange: { min: 60, max: 70 } }), 1, 'a range counts once');
  t.equal(countActiveFilters({ faceSelfRating: { min: 1, max: 15 } }), 0);
  t.equal(countActiveFilters({ faceSelfRating: { min: 1, max: 10 } }), 1);
  t.equal(countActiveFilters({ weightUpTo: 0 }), 0);
  t.equal(countActiveFilters({ weightUpTo: 150 }), 1);
  t.equal(countActiveFilters({ nativeLanguage: 'Thai' }), 1);
  t.equal(countActiveFilters({ minimumBetrothalGiftPrice: 'Any' }), 0);
  t.equal(countActiveFilters({ minimumBetrothalGiftPrice: '$0' }), 1, '$0 narrows, so it counts');
  t.equal(countActiveFilters({ minimumBetrothalGiftPrice: '$1,000' }), 1);
  t.equal(countActiveFilters({ religion: [], education: ['Master'], yachtOwner: ['Yes', 'No'] }), 2, 'each non-empty list');
  t.equal(countActiveFilters({ verifiedOnly: false }), 0, 'verified only, switched off');
  t.equal(countActiveFilters({ verifiedOnly: true }), 1, 'verified only, switched on');
  t.equal(
    countActiveFilters({
      maxAge: 40,
      maxDistance: 100,
      homeCountry: 'Canada',
      heightRange: { min: 60, max: 72 },
      faceSelfRating: { min: 5, max: 15 },
      weightUpTo: 200,
      nativeLanguage: 'English',
      minimumBetrothalGiftPrice: '$3,000',
      religion: ['Sikh'],
      petsAtHome: ['Fish'],
      verifiedOnly: true,
    }),
    11,
  );
});
