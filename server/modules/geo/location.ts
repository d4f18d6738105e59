/**
 * City-level location without device tracking (DESIGN.md rule 9): home_country, home_state and
 * home_city are checked against the offline `country-state-city` dataset and the server derives
 * the coordinates from them (city, else state, else country). Members never send coordinates.
 *
 * The dataset is about 9 MB of JSON, so it is loaded on first use (about 0.8 s, once per
 * process) and start-up does not pay for it. Countries and regions are indexed then; the
 * cities of a country are indexed the first time that country is asked for.
 */
import type { FieldErrors } from '../../contract/auth.ts';
import { UNITED_STATES } from '../../contract/profile-fields.ts';
import { cityAlias } from './city-aliases.ts';

export const LOCATION_MESSAGES = {
  unknownCountry: 'Choose a country from the list',
  countryFirst: 'Choose the country first',
  stateFirst: 'Choose the state first',
  stateOnlyInUnitedStates: 'State can only be set when the country is United States',
  unknownState: 'Choose one of the 50 US states',
  unknownCityInState: 'Choose a city of the selected state',
  unknownCityInCountry: 'Choose a city or region of the selected country',
} as const;

export const LOCATION_FIELDS = ['home_country', 'home_state', 'home_city'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];
export type LocationNames = Record<LocationField, string | null>;

export interface ResolvedLocation extends LocationNames {
  location_latitude: number | null;
  location_longitude: number | null;
}

export interface RegionPair {
  country: string;
  name: string;
}

export interface Place {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

interface CityRow {
  name: string;
  countryCode: string;
  stateCode: string;
  latitude?: string | null;
  longitude?: string | null;
}

export interface CityIndex {
  /** Every city of the country by match key (first of a repeated name wins). */
  all: Map<string, Place>;
  /** The same cities per state iso code (used for the United States). */
  byState: Map<string, Map<string, Place>>;
}

export interface CountryEntry extends Place {
  isoCode: string;
  /** States, provinces or regions by match key (for the United States: the 50 states). */
  regions: Map<string, Place & { isoCode: string }>;
  hasCities: boolean;
}

export interface Dataset {
  countries: Map<string, CountryEntry>;
  regionPairs: RegionPair[];
  /** The cities of one country, indexed on first use (148,000 cities in all; most countries are never asked for). */
  citiesOf(country: CountryEntry): CityIndex;
}

export const US_CODE = 'US';
/** US entries of the dataset that are not one of the 50 states. */
const US_NON_STATES = new Set(['DC', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI']);

/** Case-, accent- and spacing-insensitive key, so 'sao  paulo' finds 'São Paulo'. */
export function matchKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function coordinate(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function place(entry: { name: string; latitude?: string | null; longitude?: string | null }): Place {
  return { name: entry.name, latitude: coordinate(entry.latitude), longitude: coordinate(entry.longitude) };
}

const isUsState = (countryCode: string, isoCode: string) =>
  countryCode === US_CODE && /^[A-Z]{2}$/.test(isoCode) && !US_NON_STATES.has(isoCode);

function indexCities(rows: readonly CityRow[]): CityIndex {
  const index: CityIndex = { all: new Map(), byState: new Map() };
  for (const row of rows) {
    const key = matchKey(row.name);
    const city = place(row);
    if (!index.all.has(key)) index.all.set(key, city);
    let state = index.byState.get(row.stateCode);
    if (!state) index.byState.set(row.stateCode, (state = new Map()));
    if (!state.has(key)) state.set(key, city);
  }
  return index;
}

async function buildDataset(): Promise<Dataset> {
  const { Country, State, City } = await import('country-state-city');
  const countries = new Map<string, CountryEntry>();
  const byCode = new Map<string, CountryEntry>();
  for (const c of Country.getAllCountries()) {
    const entry: CountryEntry = { ...place(c), isoCode: c.isoCode, regions: new Map(), hasCities: false };
    countries.set(matchKey(c.name), entry);
    byCode.set(c.isoCode, entry);
  }
  for (const s of State.getAllStates()) {
    const country = byCode.get(s.countryCode);
    if (!country) continue;
    if (s.countryCode === US_CODE && !isUsState(s.countryCode, s.isoCode)) continue;
    const key = matchKey(s.name);
    if (!country.regions.has(key)) country.regions.set(key, { ...place(s), isoCode: s.isoCode });
  }
  // The package keeps this array in memory anyway; rows are only grouped here, indexed lazily.
  const rowsByCountry = new Map<string, CityRow[]>();
  for (const row of City.getAllCities()) {
    let rows = rowsByCountry.get(row.countryCode);
    if (!rows) rowsByCountry.set(row.countryCode, (rows = []));
    rows.push(row);
  }
  for (const code of rowsByCountry.keys()) {
    const country = byCode.get(code);
    if (country) country.hasCities = true;
  }
  const regionPairs: RegionPair[] = [];
  for (const country of [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
    const names = [...country.regions.values()].map((r) => r.name).sort((a, b) => a.localeCompare(b, 'en'));
    for (const name of names) regionPairs.push({ country: country.name, name });
  }
  const indexes = new Map<string, CityIndex>();
  const citiesOf = (country: CountryEntry): CityIndex => {
    let index = indexes.get(country.isoCode);
    if (!index) indexes.set(country.isoCode, (index = indexCities(rowsByCountry.get(country.isoCode) ?? [])));
    return index;
  };
  return { countries, regionPairs, citiesOf };
}

let dataset: Promise<Dataset> | null = null;

/** The indexed dataset, built on first call and shared afterwards. */
export function loadLocationDataset(): Promise<Dataset> {
  if (!dataset) {
    dataset = buildDataset().catch((error: unknown) => {
      dataset = null;
      throw error;
    });
  }
  return dataset;
}

/** The static {country, name} list served as /world_country_region.json. US: the 50 states. */
export async function worldRegions(): Promise<RegionPair[]> {
  return (await loadLocationDataset()).regionPairs;
}

/** The 50 US state names, in alphabetical order. */
export async function unitedStatesStates(): Promise<string[]> {
  return (await worldRegions()).filter((r) => r.country === UNITED_STATES).map((r) => r.name);
}

function firstWithCoordinates(...places: Array<Place | null | undefined>): Place | null {
  return places.find((p): p is Place => !!p && p.latitude !== null && p.longitude !== null) ?? null;
}

/**
 * Checks a location against the dataset and returns it with the dataset's spelling and derived
 * coordinates. `sent` names the fields the member sent in this request: a problem in one of
 * those is an error; a stored field that no longer fits (the city of the previous country after
 * the country changed) is cleared instead, so changing the country alone just works.
 */
export async function resolveLocation(
  input: LocationNames,
  sent: ReadonlySet<string>,
): Promise<{ location: ResolvedLocation; errors: FieldErrors }> {
  const data = await loadLocationDataset();
  const errors: FieldErrors = {};
  const names: LocationNames = { home_country: null, home_state: null, home_city: null };
  const problem = (field: LocationField, message: string) => {
    if (sent.has(field)) errors[field] = [message];
  };

  const country = input.home_country ? data.countries.get(matchKey(input.home_country)) : undefined;
  if (input.home_country && !country) problem('home_country', LOCATION_MESSAGES.unknownCountry);
  if (!country) {
    if (input.home_state) problem('home_state', LOCATION_MESSAGES.countryFirst);
    if (input.home_city) problem('home_city', LOCATION_MESSAGES.countryFirst);
    return { location: { ...names, location_latitude: null, location_longitude: null }, errors };
  }
  names.home_country = country.name;
  const isUs = country.isoCode === US_CODE;

  let state: (Place & { isoCode: string }) | undefined;
  if (input.home_state) {
    if (!isUs) problem('home_state', LOCATION_MESSAGES.stateOnlyInUnitedStates);
    else {
      state = country.regions.get(matchKey(input.home_state));
      if (state) names.home_state = state.name;
      else problem('home_state', LOCATION_MESSAGES.unknownState);
    }
  }

  let city: Place | undefined;
  if (input.home_city) {
    const key = matchKey(input.home_city);
    if (isUs) {
      // Many US cities share a name (20 Springfields): the state says which one.
      if (!state) problem('home_city', LOCATION_MESSAGES.stateFirst);
      else {
        const cities = data.citiesOf(country).byState.get(state.isoCode);
        city = cities?.get(key) ?? cities?.get(cityAlias(key) ?? '');
        if (!city) problem('home_city', LOCATION_MESSAGES.unknownCityInState);
      }
    } else if (!country.hasCities && country.regions.size === 0) {
      // A few territories have no places in the dataset: the typed name is kept, located at the country.
      city = { name: input.home_city.trim(), latitude: null, longitude: null };
    } else {
      // Outside the US the region list of /world_country_region.json may be offered as the city.
      const cities = data.citiesOf(country).all;
      city = cities.get(key) ?? country.regions.get(key) ?? cities.get(cityAlias(key) ?? '');
      if (!city) problem('home_city', LOCATION_MESSAGES.unknownCityInCountry);
    }
    if (city) names.home_city = city.name;
  }

  const at = firstWithCoordinates(city, state, country);
  return {
    location: { ...names, location_latitude: at?.latitude ?? null, location_longitude: at?.longitude ?? null },
    errors,
  };
}
