/**
 * City suggestions while a member types (the profile form and the filter dialog): the places
 * `resolveLocation` accepts for the chosen country (and, in the United States, state), best
 * matches first, so what the member picks is always a name the server takes.
 */
import { UNITED_STATES } from '../../contract/profile-fields.ts';
import { aliasesStartingWith, cityAlias } from './city-aliases.ts';
import { loadLocationDataset, matchKey, type Place } from './location.ts';

export const CITY_SUGGESTIONS_MAX = 20;

export interface CitySearch {
  country: string;
  state?: string | null;
  q: string;
  limit?: number;
}

/** 0 the whole name, 1 its start, 2 the start of a later word, 3 anywhere; null: no match. */
function rank(key: string, query: string): number | null {
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  if (key.includes(` ${query}`) || key.includes(`-${query}`)) return 2;
  if (key.includes(query)) return 3;
  return null;
}

/**
 * Up to `limit` place names matching `q` (case, accents and spacing ignored). In the United
 * States only the chosen state's cities (many share a name); elsewhere the country's cities and
 * regions, as saves accept both. An everyday name ('New York', 'Bangalore') also suggests the
 * dataset's spelling. No country, no state in the United States, or an unknown one: none.
 */
export async function searchCities({ country, state, q, limit = 10 }: CitySearch): Promise<string[]> {
  const query = matchKey(q);
  if (query === '') return [];
  const data = await loadLocationDataset();
  const entry = data.countries.get(matchKey(country));
  if (!entry) return [];
  let places: Map<string, Place>;
  if (entry.name === UNITED_STATES) {
    const region = state ? entry.regions.get(matchKey(state)) : undefined;
    if (!region) return [];
    places = data.citiesOf(entry).byState.get(region.isoCode) ?? new Map();
  } else {
    places = new Map([...entry.regions, ...data.citiesOf(entry).all]);
  }
  const found = new Map<string, { name: string; score: number }>();
  const offer = (key: string, score: number) => {
    const place = places.get(key);
    if (!place) return;
    const known = found.get(key);
    if (!known || score < known.score) found.set(key, { name: place.name, score });
  };
  const exactAlias = cityAlias(query);
  if (exactAlias) offer(exactAlias, 0);
  for (const target of aliasesStartingWith(query)) offer(target, 1);
  for (const key of places.keys()) {
    const score = rank(key, query);
    if (score !== null) offer(key, score);
  }
  return [...found.values()]
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name, 'en'))
    .slice(0, Math.min(Math.max(limit, 1), CITY_SUGGESTIONS_MAX))
    .map((c) => c.name);
}
