/** The discovery query string: written by the client, read by the server, nothing lost between. */
import { deepStrictEqual } from 'node:assert/strict';
import fc from 'fast-check';
import t from 'tap';
import {
  AGE_FILTER,
  DISTANCE_FILTER,
  FILTER_DEFINITION_BY_KEY,
  FILTER_DEFAULTS,
  FILTER_LIST_KEYS,
  HEIGHT_FILTER_INCHES,
  type SavedFilters,
  validateFilters,
  withDefaults,
} from './filters.ts';
import { decodeFiltersQuery, DISCOVERY_PAGE_SIZE, encodeFiltersQuery, repageQuery } from './filters-query.ts';
import { BETROTHAL_GIFT_CEILINGS, FACE_SELF_RATINGS, NATIVE_LANGUAGES } from './options.ts';
import { LOCATION_MAX_LENGTH, UNITED_STATES } from './profile-fields.ts';

/** What the server does with a query: read it, validate it as text, else fall back to the defaults. */
function roundTrip(filters: Partial<SavedFilters>): SavedFilters {
  const decoded = decodeFiltersQuery(encodeFiltersQuery(filters, { page: 3, page_size: DISCOVERY_PAGE_SIZE }));
  if (decoded === null) return withDefaults(null);
  const { filters: read, errors } = validateFilters(decoded, { from: 'query' });
  if (Object.keys(errors).length > 0) throw new Error(JSON.stringify(errors));
  return read;
}

t.test('one example of every filter kind comes back as it went', async (t) => {
  const examples: Array<Partial<SavedFilters>> = [
    { maxAge: 40 },
    { maxDistance: 0 },
    { maxDistance: 120 },
    { homeCountry: UNITED_STATES, homeState: 'Texas', homeCity: 'San Antonio' },
    { homeCountry: 'Côte d’Ivoire & Co = 100%', homeCity: 'a+b?c#d' },
    { heightRange: { min: 60, max: 72 } },
    { heightRange: { min: 48, max: 95 } },
    { faceSelfRating: { min: 5, max: 5 } },
    { weightUpTo: 150.5 },
    { nativeLanguage: 'Thai' },
    { minimumBetrothalGiftPrice: '$0' },
    { minimumBetrothalGiftPrice: '$1,000,000' },
    { annualIncome: ['Under $50,000'] },
    { yachtOwner: ['Yes', 'No'], religion: ['Jewish', 'Hindu'] },
    { verifiedOnly: true },
  ];
  for (const example of examples) t.same(roundTrip(withDefaults(example)), withDefaults(example), JSON.stringify(example));
});

t.test('switched-off filters are not written; no filter at all means the saved ones apply', async (t) => {
  const off = {
    ...FILTER_DEFAULTS,
    weightUpTo: 0,
    minimumBetrothalGiftPrice: 'Any',
    heightRange: { min: HEIGHT_FILTER_INCHES.min, max: HEIGHT_FILTER_INCHES.max },
    faceSelfRating: { min: 1, max: 15 },
    homeCity: '',
    religion: [],
    verifiedOnly: false,
  };
  t.equal(encodeFiltersQuery(off, { page_size: DISCOVERY_PAGE_SIZE }), 'page_size=20');
  t.equal(decodeFiltersQuery('page_size=20'), null);
  t.equal(decodeFiltersQuery({ page: 2, page_size: 20 }), null);
  t.equal(encodeFiltersQuery({}), '');
});

t.test('the spelling: paging first, keys in order, lists repeated, ranges as .min/.max', async (t) => {
  t.equal(
    encodeFiltersQuery(
      {
        maxAge: 40,
        maxDistance: 5000,
        education: ['Bachelor', 'Master'],
        heightRange: { min: 60, max: 72 },
        faceSelfRating: { min: 1, max: 15 },
        minimumBetrothalGiftPrice: 'Any',
      },
      { page: 2, page_size: 20 },
    ),
    'page=2&page_size=20&education=Bachelor&education=Master&heightRange.min=60&heightRange.max=72&maxAge=40',
  );
  t.equal(
    encodeFiltersQuery({ verifiedOnly: true, yachtOwner: ['Yes'] }),
    'verifiedOnly=Yes&yachtOwner=Yes',
    'a flag reads like a Yes/No list',
  );
});

t.test('a flag is read as Yes or No only; hostile spellings are 400s, never objects', async (t) => {
  const read = (query: string) => validateFilters(decodeFiltersQuery(query), { from: 'query' });
  t.same(read('verifiedOnly=Yes').filters.verifiedOnly, true);
  t.same(read('verifiedOnly[]=Yes').filters.verifiedOnly, true, 'key[]= is read as for lists');
  t.same(read('verifiedOnly=No').errors, {});
  t.equal(read('verifiedOnly=No').filters.verifiedOnly, false);
  for (const query of [
    'verifiedOnly=1e400',
    'verifiedOnly=true',
    'verifiedOnly=1',
    'verifiedOnly[]=x',
    'verifiedOnly=Yes&verifiedOnly=Yes',
  ]) {
    t.match(read(query).errors.verifiedOnly, [/is not one of the choices$/], query);
  }
  for (const query of ['verifiedOnly.min=1', 'verifiedOnly[min]=1', 'verifiedOnly[a]=Yes']) {
    const decoded = decodeFiltersQuery(query);
    t.notOk(decoded && Object.values(decoded).some((v) => typeof v === 'object'), `${query}: no object built`);
    t.same(Object.values(validateFilters(decoded, { from: 'query' }).errors), [['Unknown filter']], `${query}: unknown filter`);
  }
});

t.test('reading accepts key[]=v and key[min]; a missing end keeps the slider end', async (t) => {
  t.same(decodeFiltersQuery({ 'religion[]': ['Jewish', 'Hindu'], 'heightRange.min': '60', maxAge: '40' }), {
    religion: ['Jewish', 'Hindu'],
    heightRange: { min: '60', max: 96 },
    maxAge: '40',
  });
  t.same(decodeFiltersQuery({ 'faceSelfRating[max]': '9' }), { faceSelfRating: { max: '9', min: 1 } });
  t.same(decodeFiltersQuery('religion=Jewish&religion=Hindu&heightRange=x&heightRange.max=70'), {
    religion: ['Jewish', 'Hindu'],
    heightRange: { max: '70', min: 48 },
  });
});

t.test('hostile keys stay unknown filters and touch no prototype', async (t) => {
  for (const query of ['__proto__.min=1', 'constructor[max]=2', '__proto__=x', 'constructor.prototype.min=3', 'toString=1']) {
    const decoded = decodeFiltersQuery(query);
    t.ok(decoded, query);
    t.equal(Object.getPrototypeOf(decoded), null, `${query}: no prototype`);
    for (const value of Object.values(decoded ?? {})) {
      if (typeof value === 'object' && value !== null) t.equal(Object.getPrototypeOf(value), null, `${query}: nested, no prototype`);
    }
    const { errors } = validateFilters(decoded, { from: 'query' });
    t.same(Object.values(errors), [['Unknown filter']], `${query}: reported`);
  }
  t.equal(({} as Record<string, unknown>).min, undefined, 'Object.prototype untouched');
  t.equal(({} as Record<string, unknown>).max, undefined);
});

t.test('another page keeps the request’s filters as spelled', async (t) => {
  t.equal(repageQuery({ page: 1, page_size: 2 }, { page: 2, page_size: 2 }), 'page=2&page_size=2');
  t.equal(
    repageQuery({ 'religion[]': ['Jewish', 'Hindu'], maxAge: '100', page: 1 }, { page: 3, page_size: 20 }),
    'religion%5B%5D=Jewish&religion%5B%5D=Hindu&maxAge=100&page=3&page_size=20',
  );
});

// Valid filters as the dialog builds them, only the ones that narrow (off ones are not written).
const text = fc
  .string({ unit: 'binary', minLength: 1, maxLength: LOCATION_MAX_LENGTH })
  .map((s) => s.trim())
  .filter((s) => s !== '' && s.length <= LOCATION_MAX_LENGTH);
const ratings = FACE_SELF_RATINGS as readonly number[];
const orderedPair = <T>(values: fc.Arbitrary<T>) => fc.tuple(values, values);
const narrowed = (pair: [number, number], lo: number, hi: number) => Math.min(...pair) > lo || Math.max(...pair) < hi;
const listArbitraries = Object.fromEntries(
  FILTER_LIST_KEYS.map((key) => {
    const options = (FILTER_DEFINITION_BY_KEY.get(key)?.options ?? []).map(String);
    return [key, fc.uniqueArray(fc.constantFrom(...options), { minLength: 1, maxLength: options.length })];
  }),
);
const filtersArbitrary = fc
  .record(
    {
      maxAge: fc.integer({ min: AGE_FILTER.min, max: AGE_FILTER.max }),
      maxDistance: fc.integer({ min: 0, max: DISTANCE_FILTER.max / DISTANCE_FILTER.step }).map((n) => n * DISTANCE_FILTER.step),
      homeCountry: fc.oneof(fc.constant(UNITED_STATES), text),
      homeState: text,
      homeCity: text,
      heightRange: orderedPair(fc.integer({ min: HEIGHT_FILTER_INCHES.min, max: HEIGHT_FILTER_INCHES.max }))
        .filter((pair) => narrowed(pair, HEIGHT_FILTER_INCHES.min, HEIGHT_FILTER_INCHES.max))
        .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
      faceSelfRating: orderedPair(fc.constantFrom(...ratings))
        .filter((pair) => narrowed(pair, ratings[0], ratings[ratings.length - 1]))
        .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
      // Written as plain decimals (String() of 0.01..500), the way the weight box holds them.
      weightUpTo: fc.double({ min: 0.01, max: 500, noNaN: true }),
      nativeLanguage: fc.constantFrom(...NATIVE_LANGUAGES),
      minimumBetrothalGiftPrice: fc.constantFrom(...BETROTHAL_GIFT_CEILINGS.filter((v) => v !== 'Any')),
      // Only the "on" value narrows; false is never written.
      verifiedOnly: fc.constant(true),
      ...listArbitraries,
    },
    { requiredKeys: ['maxAge', 'maxDistance'] },
  )
  .map((f) => {
    const filters = { ...f } as Record<string, unknown>;
    // The dialog offers a state only for the United States.
    if (filters.homeCountry !== UNITED_STATES) delete filters.homeState;
    return filters as SavedFilters;
  });

t.test('decode(encode(f)) equals f for generated filters', async (t) => {
  fc.assert(
    fc.property(filtersArbitrary, (filters) => deepStrictEqual(roundTrip(filters), filters)),
    { numRuns: 300 },
  );
  t.pass('held for every generated filter object');
});
