/** The offline location dataset: validation, canonical spelling, coordinate fallback, regions. */
import t from 'tap';
import { haversineMiles, roundShownMiles, shownDistance, unitVector } from './distance.ts';
import { LOCATION_MESSAGES, type LocationNames, matchKey, resolveLocation, unitedStatesStates, worldRegions } from './location.ts';

const ALL = new Set(['home_country', 'home_state', 'home_city']);
const at = (home_country: string | null, home_state: string | null, home_city: string | null): LocationNames => ({
  home_country,
  home_state,
  home_city,
});

t.test('a US city is located at the city', async (t) => {
  const { location, errors } = await resolveLocation(at('united states', 'texas', 'austin'), ALL);
  t.same(errors, {});
  t.equal(location.home_country, 'United States', 'stored with the dataset spelling');
  t.equal(location.home_state, 'Texas');
  t.equal(location.home_city, 'Austin');
  t.ok(Math.abs((location.location_latitude ?? 0) - 30.267) < 0.01);
  t.ok(Math.abs((location.location_longitude ?? 0) + 97.743) < 0.01);
});

t.test('falls back to the state, then the country', async (t) => {
  const state = await resolveLocation(at('United States', 'Ohio', null), ALL);
  t.same(state.errors, {});
  t.ok(Math.abs((state.location.location_latitude ?? 0) - 40.417) < 0.01, 'Ohio');
  const country = await resolveLocation(at('Canada', null, null), ALL);
  t.same(country.errors, {});
  t.equal(country.location.location_latitude, 60);
  t.equal(country.location.location_longitude, -95);
});

t.test('outside the US a city or a region of the country is accepted, accents optional', async (t) => {
  const toronto = await resolveLocation(at('Canada', null, 'Toronto'), ALL);
  t.same(toronto.errors, {});
  t.ok(Math.abs((toronto.location.location_latitude ?? 0) - 43.7) < 0.01);
  const ontario = await resolveLocation(at('Canada', null, 'ontario'), ALL);
  t.same(ontario.errors, {});
  t.equal(ontario.location.home_city, 'Ontario');
  t.ok(Math.abs((ontario.location.location_latitude ?? 0) - 51.25) < 0.01, 'located at the region');
  const saoPaulo = await resolveLocation(at('Brazil', null, 'sao  paulo'), ALL);
  t.same(saoPaulo.errors, {});
  t.equal(saoPaulo.location.home_city, 'São Paulo');
});

t.test('a territory without places in the dataset keeps the typed city at the country', async (t) => {
  const { location, errors } = await resolveLocation(at('Antarctica', null, 'McMurdo Station'), ALL);
  t.same(errors, {});
  t.equal(location.home_city, 'McMurdo Station');
  t.not(location.location_latitude, null);
});

const refused: Array<[string, LocationNames, string, string]> = [
  ['an unknown country', at('Atlantis', null, null), 'home_country', LOCATION_MESSAGES.unknownCountry],
  ['a state outside the US', at('Canada', 'Ontario', null), 'home_state', LOCATION_MESSAGES.stateOnlyInUnitedStates],
  ['a US territory as a state', at('United States', 'Puerto Rico', null), 'home_state', LOCATION_MESSAGES.unknownState],
  ['the District of Columbia as a state', at('United States', 'District of Columbia', null), 'home_state', LOCATION_MESSAGES.unknownState],
  ['a made-up state', at('United States', 'Jefferson', null), 'home_state', LOCATION_MESSAGES.unknownState],
  ['a city of another state', at('United States', 'Ohio', 'Austin'), 'home_city', LOCATION_MESSAGES.unknownCityInState],
  ['a US city without a state', at('United States', null, 'Austin'), 'home_city', LOCATION_MESSAGES.stateFirst],
  ['a city of another country', at('Canada', null, 'Austin'), 'home_city', LOCATION_MESSAGES.unknownCityInCountry],
  ['a state without a country', at(null, 'Texas', null), 'home_state', LOCATION_MESSAGES.countryFirst],
  ['a city without a country', at(null, null, 'Austin'), 'home_city', LOCATION_MESSAGES.countryFirst],
];
for (const [name, input, field, message] of refused) {
  t.test(`refuses ${name}`, async (t) => {
    const { errors } = await resolveLocation(input, ALL);
    t.same(errors, { [field]: [message] });
  });
}

t.test('a stored field that no longer fits is cleared instead of reported', async (t) => {
  // The member changed the country only; the old state and city belong to the old country.
  const { location, errors } = await resolveLocation(at('Canada', 'Texas', 'Austin'), new Set(['home_country']));
  t.same(errors, {});
  t.same([location.home_country, location.home_state, location.home_city], ['Canada', null, null]);
  t.equal(location.location_latitude, 60);
});

t.test('the region list: every country, the 50 states for the US, sorted, no duplicates', async (t) => {
  const regions = await worldRegions();
  t.ok(regions.length > 4000);
  t.ok(regions.every((r) => typeof r.country === 'string' && typeof r.name === 'string' && Object.keys(r).length === 2));
  const states = await unitedStatesStates();
  t.equal(states.length, 50);
  t.ok(states.includes('Texas'));
  t.notOk(states.includes('Puerto Rico'));
  t.notOk(states.includes('District of Columbia'));
  t.ok(regions.some((r) => r.country === 'Canada' && r.name === 'Ontario'));
  const keys = regions.map((r) => `${r.country}|${matchKey(r.name)}`);
  t.equal(new Set(keys).size, keys.length);
});

t.test('distance: haversine miles, shown rounded and never below 1', async (t) => {
  const austin = { latitude: 30.26715, longitude: -97.74306 };
  const nyc = { latitude: 40.71427, longitude: -74.00597 };
  t.ok(Math.abs(haversineMiles(austin, nyc) - 1515) < 10);
  t.equal(haversineMiles(austin, austin), 0);
  t.equal(roundShownMiles(0), 1);
  t.equal(roundShownMiles(0.4), 1);
  t.equal(roundShownMiles(12.49), 12);
  t.equal(roundShownMiles(12.5), 13);
  t.equal(shownDistance(austin, austin), 1);
  t.equal(shownDistance(austin, { latitude: null, longitude: null }), null);
  t.equal(shownDistance({ latitude: 1, longitude: null }, nyc), null);
  t.ok(Number.isInteger(shownDistance(austin, nyc)));
});

t.test('the unit-sphere point: length 1, poles on the axis', async (t) => {
  const [x, y, z] = unitVector(30.267, -97.743);
  t.ok(Math.abs(x * x + y * y + z * z - 1) < 1e-12);
  t.same(
    unitVector(90, 0).map((n) => Math.round(n * 1e9) / 1e9),
    [0, 0, 1],
  );
});
