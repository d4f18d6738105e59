/**
 * The geo module's public entry: other modules import only this file. Places come from the
 * offline city dataset, never from a device, and distances leave this module already rounded.
 * Its routes (cities.routes.ts, world-regions.routes.ts) are registered by server/app.ts.
 */
export {
  LOCATION_FIELDS,
  LOCATION_MESSAGES,
  type LocationField,
  type LocationNames,
  type RegionPair,
  type ResolvedLocation,
  resolveLocation,
  unitedStatesStates,
  worldRegions,
} from './location.ts';
export { type Coordinates, EARTH_RADIUS_MILES, haversineMiles, roundShownMiles, shownDistance, unitVector } from './distance.ts';
export { canonicalLocation } from './location-filter.ts';
export { searchCities } from './city-search.ts';
