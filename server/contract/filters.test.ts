import t from 'tap';
import {
  FILTER_DEFAULTS,
  FILTER_DEFINITION_BY_KEY,
  FILTER_LIST_FIELDS,
  FILTER_LIST_KEYS,
  FILTER_MESSAGES,
  FLAG_QUERY_SPELLING,
  giftCeilingToDollars,
  validateFilters,
  withDefaults,
} from './filters.ts';
import { PROFILE_FIELD_BY_NAME } from './profile-fields.ts';

// The multi-select list keys of the specification's saved filters, in its order.
const SPEC_LIST_KEYS = `education religion relationshipStatus kidsAtHome annualIncome livelihood religiosity socialMediaUse
kidsDesired piercings tattoos cosmeticSurgeries exerciseFrequency parentsImprisoned parentsEmployment siblingsNumber
parentPresence relationshipHistory bodyCount kidsParentsNumber divorcesNumber memoriesFromExes debtsTotal placeToLive
dailyTransportation brandOfDailyCar yachtOwner privateAirplane recipesKnown cookbook clothesStyle latestMajor
cookingFrequency homeChoresFrequency petsAtHome currentPersonalTravel currentInternationalTravel reasonToMarry
moneyControlInRelationship monthlyCashWant monthlyCashProvide desiredCeremony desireToWorkInRelationship clothesControl
oppositeSexFriends`
  .split(/\s+/)
  .filter(Boolean);

t.test('every filter key of the spec is defined and maps to a catalogued field', async (t) => {
  t.same(FILTER_LIST_KEYS, SPEC_LIST_KEYS);
  const others = [
    'maxAge',
    'maxDistance',
    'homeCountry',
    'homeState',
    'homeCity',
    'heightRange',
    'faceSelfRating',
    'weightUpTo',
    'nativeLanguage',
    'minimumBetrothalGiftPrice',
    'verifiedOnly',
  ];
  for (const key of others) t.ok(FILTER_DEFINITION_BY_KEY.has(key), key);
  t.equal(FILTER_DEFINITION_BY_KEY.size, SPEC_LIST_KEYS.length + others.length);
  t.match(FILTER_DEFINITION_BY_KEY.get('verifiedOnly'), { kind: 'flag', field: 'verified' });
  for (const key of FILTER_LIST_KEYS) {
    const def = FILTER_DEFINITION_BY_KEY.get(key);
    t.ok(PROFILE_FIELD_BY_NAME.has(FILTER_LIST_FIELDS[key]), `${key} -> ${FILTER_LIST_FIELDS[key]}`);
    t.ok(def?.options?.length, `${key} has options`);
  }
  t.equal(FILTER_LIST_FIELDS.kidsDesired, 'number_of_kids_wanted');
  t.equal(FILTER_LIST_FIELDS.moneyControlInRelationship, 'money_control');
  for (const key of ['yachtOwner', 'privateAirplane', 'cookbook', 'desireToWorkInRelationship']) {
    t.same(FILTER_DEFINITION_BY_KEY.get(key)?.options, ['Yes', 'No'], key);
    t.equal(FILTER_DEFINITION_BY_KEY.get(key)?.booleanField, true, key);
  }
});

t.test('defaults', async (t) => {
  t.same(FILTER_DEFAULTS, { maxAge: 100, maxDistance: 5000 });
  t.same(validateFilters({}), { filters: { maxAge: 100, maxDistance: 5000 }, errors: {} });
  t.same(validateFilters(null).errors, { filters: [FILTER_MESSAGES.notObject] });
  t.same(validateFilters([]).filters, FILTER_DEFAULTS);
});

t.test('a full valid filter object passes through', async (t) => {
  const input = {
    maxAge: 40,
    maxDistance: 250,
    homeCountry: 'United States',
    homeState: 'Texas',
    homeCity: 'Austin',
    heightRange: { min: 60, max: 72 },
    faceSelfRating: { min: 5, max: 10 },
    weightUpTo: 180.5,
    nativeLanguage: 'Spanish',
    minimumBetrothalGiftPrice: '$5,000',
    religion: ['Christian - Catholic', 'Jewish'],
    annualIncome: ['Under $50,000'],
    yachtOwner: ['Yes'],
    kidsDesired: ['1-2', '2-3'],
  };
  const r = validateFilters(input);
  t.same(r.errors, {});
  t.same(r.filters, input);
});

t.test('unknown keys and options are errors', async (t) => {
  const r = validateFilters({ favouriteColour: ['blue'], religion: ['Pastafarian'], nativeLanguage: 'Klingon', education: 'Bachelor' });
  t.same(r.errors.favouriteColour, ['Unknown filter']);
  t.same(r.errors.religion, ["'Pastafarian' is not one of the choices"]);
  t.same(r.errors.nativeLanguage, ["'Klingon' is not one of the choices"]);
  t.same(r.errors.education, [FILTER_MESSAGES.notList], 'a body sends lists as lists');
  t.same(r.filters, FILTER_DEFAULTS);
  t.same(validateFilters({ minimumBetrothalGiftPrice: '$2,000' }).errors.minimumBetrothalGiftPrice, ["'$2,000' is not one of the choices"]);
  t.same(validateFilters({ cookbook: [true, 'No'] }).errors.cookbook, [FILTER_MESSAGES.notList], "Yes/No lists hold 'Yes' and 'No'");
  t.same(
    validateFilters({ tattoos: ['No tattoos,Small hidden tattoo(s)'] }).errors.tattoos,
    ["'No tattoos,Small hidden tattoo(s)' is not one of the choices"],
    'filters do not split commas',
  );
  t.same(validateFilters({ nativeLanguage: ' Spanish' }).errors.nativeLanguage, ["' Spanish' is not one of the choices"]);
});

t.test('a body is typed strictly; a query string is read from its text', async (t) => {
  const text = {
    maxAge: '30',
    maxDistance: ' 100 ',
    heightRange: { min: '60', max: 70 },
    faceSelfRating: { min: '2', max: '10' },
    weightUpTo: '180.5',
    nativeLanguage: ' Spanish ',
    education: 'High school',
    religion: ['Jewish'],
  };
  const body = validateFilters(text);
  for (const key of ['maxAge', 'maxDistance', 'weightUpTo']) t.match(body.errors[key], [/^Must be between/], key);
  t.same(body.errors.heightRange, [FILTER_MESSAGES.notRange]);
  t.same(body.errors.faceSelfRating, [FILTER_MESSAGES.notRange]);
  t.same(body.errors.education, [FILTER_MESSAGES.notList]);
  t.same(body.errors.nativeLanguage, ["' Spanish ' is not one of the choices"]);
  t.same(body.filters, { ...FILTER_DEFAULTS, religion: ['Jewish'] });

  const query = validateFilters(text, { from: 'query' });
  t.same(query.errors, {});
  t.same(query.filters, {
    maxAge: 30,
    maxDistance: 100,
    heightRange: { min: 60, max: 70 },
    faceSelfRating: { min: 2, max: 10 },
    weightUpTo: 180.5,
    nativeLanguage: 'Spanish',
    education: ['High school'],
    religion: ['Jewish'],
  });
  t.same(validateFilters({ maxAge: 'thirty' }, { from: 'query' }).errors.maxAge, ['Must be between 18 and 100']);
  t.same(validateFilters({ maxAge: '1e2' }, { from: 'query' }).errors.maxAge, ['Must be between 18 and 100']);
});

t.test('verifiedOnly: a JSON boolean in a body', async (t) => {
  t.same(validateFilters({ verifiedOnly: true }), { filters: { ...FILTER_DEFAULTS, verifiedOnly: true }, errors: {} });
  t.same(validateFilters({ verifiedOnly: false }), { filters: { ...FILTER_DEFAULTS, verifiedOnly: false }, errors: {} });
  for (const off of [null, '', '  '])
    t.same(validateFilters({ verifiedOnly: off }).filters, FILTER_DEFAULTS, `${JSON.stringify(off)} is off`);
  for (const wrong of ['true', 'false', 'Yes', 'No', 1, 0, '1e400', [true], ['Yes'], { on: true }, Number.POSITIVE_INFINITY, Number.NaN]) {
    const r = validateFilters({ verifiedOnly: wrong });
    t.same(r.errors.verifiedOnly, [FILTER_MESSAGES.notTrueOrFalse], `${JSON.stringify(wrong)} is refused`);
    t.same(r.filters, FILTER_DEFAULTS);
  }
});

t.test('verifiedOnly: Yes or No in a query string, as the Yes/No lists spell booleans', async (t) => {
  t.same(FLAG_QUERY_SPELLING, { on: 'Yes', off: 'No' });
  const query = (raw: unknown) => validateFilters({ verifiedOnly: raw }, { from: 'query' });
  t.same(query('Yes').filters, { ...FILTER_DEFAULTS, verifiedOnly: true });
  t.same(query(' Yes ').filters.verifiedOnly, true, 'trimmed like every choice in a query');
  t.same(query('No').filters, { ...FILTER_DEFAULTS, verifiedOnly: false });
  t.same(query('').filters, FILTER_DEFAULTS, 'blank is off');
  for (const wrong of ['yes', 'YES', 'true', 'false', '1', '0', '1e400', 'x', ['Yes', 'Yes'], ['x'], { a: 'Yes' }, true]) {
    t.same(query(wrong).errors.verifiedOnly, [FILTER_MESSAGES.notAnOption(wrong)], `${JSON.stringify(wrong)} is refused`);
  }
});

t.test('numeric bounds', async (t) => {
  t.same(validateFilters({ maxAge: 17 }).errors.maxAge, ['Must be between 18 and 100']);
  t.same(validateFilters({ maxAge: 101 }).errors.maxAge, ['Must be between 18 and 100']);
  t.same(validateFilters({ maxAge: 30.5 }).errors.maxAge, ['Must be a whole number']);
  t.same(validateFilters({ maxDistance: 5010 }).errors.maxDistance, ['Must be between 0 and 5000']);
  t.same(validateFilters({ maxDistance: 25 }).errors.maxDistance, ['Must be a multiple of 10']);
  t.same(validateFilters({ maxDistance: 0 }).filters.maxDistance, 0);
  t.same(validateFilters({ maxDistance: '0' }).errors.maxDistance, ['Must be between 0 and 5000'], 'a JSON number, not text');
  t.same(validateFilters({ weightUpTo: 501 }).errors.weightUpTo, ['Must be between 0 and 500']);
  t.same(validateFilters({ weightUpTo: -1 }).errors.weightUpTo, ['Must be between 0 and 500']);
  t.same(validateFilters({ heightRange: { min: 47, max: 70 } }).errors.heightRange, ['Must be between 48 and 96']);
  t.same(validateFilters({ heightRange: { min: 60 } }).errors.heightRange, [FILTER_MESSAGES.notRange]);
  t.same(validateFilters({ faceSelfRating: { min: 7, max: 10 } }).errors.faceSelfRating, ["'7' is not one of the choices"]);
});

t.test('range ends cannot cross', async (t) => {
  t.same(validateFilters({ heightRange: { min: 80, max: 60 } }).errors.heightRange, ['The two ends of a range cannot cross']);
  t.same(validateFilters({ faceSelfRating: { min: 10, max: 2 } }).errors.faceSelfRating, ['The two ends of a range cannot cross']);
  t.same(validateFilters({ heightRange: { min: 66, max: 66 } }).filters.heightRange, { min: 66, max: 66 });
});

t.test('empty values switch a filter off; state needs the United States', async (t) => {
  t.same(validateFilters({ homeCity: '', religion: [], nativeLanguage: null, maxAge: null }).filters, FILTER_DEFAULTS);
  const r = validateFilters({ homeCountry: 'Canada', homeState: 'Ontario' });
  t.same(r.errors.homeState, [FILTER_MESSAGES.stateNeedsUnitedStates]);
  t.same(r.filters, { ...FILTER_DEFAULTS, homeCountry: 'Canada' });
});

t.test('gift ceiling parsing', async (t) => {
  t.equal(giftCeilingToDollars('Any'), null);
  t.equal(giftCeilingToDollars('$0'), 0);
  t.equal(giftCeilingToDollars('$1,000,000'), 1_000_000);
  t.equal(giftCeilingToDollars(undefined), null);
});

t.test('withDefaults: the one merge over the defaults', async (t) => {
  t.same(withDefaults(null), FILTER_DEFAULTS);
  t.same(withDefaults(undefined), FILTER_DEFAULTS);
  t.same(withDefaults({ maxAge: 40 }), { maxAge: 40, maxDistance: 5000 });
  t.same(
    withDefaults({ maxAge: null, religion: ['Jewish'] } as never),
    { maxAge: 100, maxDistance: 5000, religion: ['Jewish'] },
    'null keeps the default',
  );
  const hostile = JSON.parse('{"__proto__": {"polluted": true}, "notAFilter": 1, "homeCity": "Austin"}');
  const merged = withDefaults(hostile);
  t.same(merged, { maxAge: 100, maxDistance: 5000, homeCity: 'Austin' }, 'unknown keys are dropped');
  t.equal(Object.getPrototypeOf(merged), Object.prototype);
  t.equal(({} as Record<string, unknown>).polluted, undefined);
});
