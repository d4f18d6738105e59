/**
 * Location filters compare with plain equality on indexed columns, so the names a member typed
 * are first put in the dataset's spelling, exactly as profile saves store them ('sao paulo' ->
 * 'São Paulo'). A name the dataset does not know is kept as typed (it then matches only profiles
 * that stored the same text, e.g. a city of a territory without places in the dataset).
 */
import type { SavedFilters } from '../../contract/filters.ts';
import { cityAlias } from './city-aliases.ts';
import { loadLocationDataset, matchKey } from './location.ts';

export async function canonicalLocation(filters: SavedFilters): Promise<SavedFilters> {
  if (!filters.homeCountry && !filters.homeState && !filters.homeCity) return filters;
  const data = await loadLocationDataset();
  const out = { ...filters };
  const country = filters.homeCountry ? data.countries.get(matchKey(filters.homeCountry)) : undefined;
  if (filters.homeCountry) out.homeCountry = country?.name ?? filters.homeCountry.trim();
  if (filters.homeState) out.homeState = country?.regions.get(matchKey(filters.homeState))?.name ?? filters.homeState.trim();
  if (filters.homeCity) {
    const key = matchKey(filters.homeCity);
    // An everyday name ('New York') finds what saves stored for it ('New York City').
    const cities = country ? data.citiesOf(country).all : undefined;
    const city = cities?.get(key) ?? cities?.get(cityAlias(key) ?? '');
    out.homeCity = city?.name ?? filters.homeCity.trim();
  }
  return out;
}
