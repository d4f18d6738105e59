/**
 * Saved filters -> SQL conditions on the discovery candidate set (alias `p` = profiles).
 * Values always travel as bound parameters; column names come from the catalogue through
 * sql.identifier, never from the request.
 *
 * Units: filters speak the dialog's units (years, miles, inches, lbs); profiles store dates, cm
 * and kg. Height and weight bounds are turned into whole-cm / whole-kg bounds by asking, for every
 * storable value, what the member sees on a card (rounded inches and lbs), so a profile shown as
 * 5' 10" passes "up to 70 inches" and the comparison still uses a plain column range.
 */
import { type SQL, sql } from 'drizzle-orm';
import { isFilterActive } from '../../contract/filters-active.ts';
import { birthDateWindow } from '../../contract/filters-age.ts';
import {
  FILTER_DEFINITIONS,
  FILTER_LIST_KEYS,
  giftCeilingToDollars,
  type Range,
  type SavedFilters,
  soughtGender,
} from '../../contract/filters.ts';
import { MIN_AGE } from '../../contract/profile-validation.ts';
import { HEIGHT_CM, WEIGHT_KG } from '../../contract/profile-fields.ts';
import { filterMask } from '../../kernel/db/schema/filter-bits.ts';
import { cmToInches, kgToLbs } from '../../contract/units.ts';
import { EARTH_RADIUS_MILES, unitVector } from '../geo/index.ts';
import { visibleToViewerSql } from '../members/index.ts';

/** The viewer as discovery needs them. */
export interface Viewer {
  profileId: number;
  userId: number;
  gender: string | null;
  latitude: number | null;
  longitude: number | null;
  country: string | null;
  isComplete: boolean;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (rad: number) => (rad * 180) / Math.PI;

/** Squared chord between `p` and the viewer's point: grows with the great-circle distance. */
export function chordSquared(latitude: number, longitude: number): SQL {
  const [x, y, z] = unitVector(latitude, longitude);
  return sql`((p.location_x - ${x}::float8) * (p.location_x - ${x}::float8) + (p.location_y - ${y}::float8) * (p.location_y - ${y}::float8) + (p.location_z - ${z}::float8) * (p.location_z - ${z}::float8))`;
}

/**
 * Age window as date_of_birth bounds (an index range): age <= maxAge means born after the day
 * maxAge+1 years ago; everyone is at least 18. maxAge 100 is "off" (no upper age).
 */
export function ageBounds(maxAge: number, today: Date): { bornAfterOrOn: string | null; bornOnOrBefore: string } {
  return {
    bornAfterOrOn: isFilterActive('maxAge', maxAge) ? birthDateWindow(maxAge, today).earliest : null,
    bornOnOrBefore: birthDateWindow(MIN_AGE, today).latest,
  };
}

/** Whole-unit stored values whose shown value falls in [min, max]; null when none does. */
function storedRange(lowest: number, highest: number, shown: (stored: number) => number, min: number, max: number) {
  let from: number | null = null;
  let to: number | null = null;
  for (let stored = lowest; stored <= highest; stored++) {
    const value = shown(stored);
    if (value >= min && value <= max) {
      from ??= stored;
      to = stored;
    }
  }
  return from === null || to === null ? null : { from, to };
}

/** Height range in inches -> whole cm, compared as the card shows it (rounded inches). */
export function heightCmBounds(range: Range) {
  return storedRange(HEIGHT_CM.min, HEIGHT_CM.max, (cm) => Math.round(cmToInches(cm)), range.min, range.max);
}

/** Weight ceiling in lbs -> the heaviest whole kg shown (rounded lbs) at or under it. */
export function weightKgCeiling(lbs: number): number | null {
  return storedRange(WEIGHT_KG.min, WEIGHT_KG.max, (kg) => Math.round(kgToLbs(kg)), 0, lbs)?.to ?? null;
}

const column = (field: string) => sql`p.${sql.identifier(field)}`;
const NEVER = sql`false`;

function bitsCondition(key: string, chosen: readonly string[]): SQL {
  const { word, mask } = filterMask(key, chosen);
  return sql`(${column(`filter_bits_${word}`)} & ${mask.toString()}::bigint) <> 0`;
}

/** Distance ceiling: a latitude/longitude box the index can use, then the exact chord test. */
export function distanceConditions(viewer: Viewer, maxMiles: number): SQL[] {
  if (viewer.latitude === null || viewer.longitude === null) return [];
  // Shown distances are rounded to whole miles: "100 mi" passes a 100-mile filter.
  const miles = maxMiles + 0.5;
  const angle = miles / EARTH_RADIUS_MILES;
  if (angle >= Math.PI) return [sql`p.location_x is not null`];
  const chord = 2 * Math.sin(angle / 2);
  const conditions: SQL[] = [];
  const latDelta = degrees(angle);
  conditions.push(sql`p.location_latitude between ${viewer.latitude - latDelta}::float8 and ${viewer.latitude + latDelta}::float8`);
  const cosLat = Math.cos(radians(viewer.latitude));
  const ratio = cosLat > 0 ? Math.sin(angle) / cosLat : 2;
  if (viewer.latitude + latDelta < 90 && viewer.latitude - latDelta > -90 && ratio < 1) {
    const lngDelta = degrees(Math.asin(ratio));
    const [west, east] = [viewer.longitude - lngDelta, viewer.longitude + lngDelta];
    // Across the antimeridian the box is two bands.
    if (west < -180) conditions.push(sql`(p.location_longitude >= ${west + 360}::float8 or p.location_longitude <= ${east}::float8)`);
    else if (east > 180) conditions.push(sql`(p.location_longitude >= ${west}::float8 or p.location_longitude <= ${east - 360}::float8)`);
    else conditions.push(sql`p.location_longitude between ${west}::float8 and ${east}::float8`);
  }
  conditions.push(sql`${chordSquared(viewer.latitude, viewer.longitude)} <= ${chord * chord}::float8`);
  return conditions;
}

/** The distance filter's conditions (none when off): they read only a member's coordinates. */
export function distanceFilter(viewer: Viewer, filters: SavedFilters): SQL[] {
  return isFilterActive('maxDistance', filters.maxDistance) ? distanceConditions(viewer, filters.maxDistance) : [];
}

/** The country, state and city filters' conditions (none when off). */
export function homeConditions(filters: SavedFilters): SQL[] {
  const conditions: SQL[] = [];
  // Names were put in the dataset's spelling by the service (canonicalLocation), as profiles store them.
  for (const [key, field] of [
    ['homeCountry', 'home_country'],
    ['homeState', 'home_state'],
    ['homeCity', 'home_city'],
  ] as const) {
    const value = filters[key];
    if (!value || !isFilterActive(key, value)) continue;
    // A city without a country could not be put in the dataset's spelling: compare ignoring case.
    if (key === 'homeCity' && !filters.homeCountry) conditions.push(sql`lower(${column(field)}) = lower(${value})`);
    else conditions.push(sql`${column(field)} = ${value}`);
  }
  return conditions;
}

/**
 * One condition per active filter, ANDed by the caller. `withDistance: false` leaves the distance
 * filter out, for a query that applies it per place instead (discovery.places.ts).
 */
export function filterConditions(viewer: Viewer, filters: SavedFilters, today: Date, withDistance = true): SQL[] {
  const conditions: SQL[] = [];
  const age = ageBounds(filters.maxAge, today);
  if (age.bornAfterOrOn) conditions.push(sql`p.date_of_birth >= ${age.bornAfterOrOn}::date`);
  conditions.push(sql`p.date_of_birth <= ${age.bornOnOrBefore}::date`);
  if (withDistance) conditions.push(...distanceFilter(viewer, filters));
  conditions.push(...homeConditions(filters));

  if (filters.heightRange && isFilterActive('heightRange', filters.heightRange)) {
    const cm = heightCmBounds(filters.heightRange);
    conditions.push(cm ? sql`p.height between ${cm.from} and ${cm.to}` : NEVER);
  }
  if (filters.faceSelfRating && isFilterActive('faceSelfRating', filters.faceSelfRating)) {
    conditions.push(sql`p.face_self_rating between ${filters.faceSelfRating.min} and ${filters.faceSelfRating.max}`);
  }
  if (filters.weightUpTo && isFilterActive('weightUpTo', filters.weightUpTo)) {
    const kg = weightKgCeiling(filters.weightUpTo);
    conditions.push(kg === null ? NEVER : sql`p.weight <= ${kg}`);
  }
  if (filters.nativeLanguage && isFilterActive('nativeLanguage', filters.nativeLanguage))
    conditions.push(bitsCondition('nativeLanguage', [filters.nativeLanguage]));

  // A member who states no minimum gift asks for none, so they pass any ceiling.
  const ceiling = giftCeilingToDollars(filters.minimumBetrothalGiftPrice);
  if (ceiling !== null && isFilterActive('minimumBetrothalGiftPrice', filters.minimumBetrothalGiftPrice)) {
    conditions.push(sql`(p.minimum_betrothal_gift_price is null or p.minimum_betrothal_gift_price <= ${ceiling})`);
  }

  // "Any of" the chosen values: one bit test each (filter-bits.ts); an unanswered field has no bit.
  for (const key of FILTER_LIST_KEYS) {
    const chosen = filters[key];
    if (chosen && isFilterActive(key, chosen)) conditions.push(bitsCondition(key, chosen));
  }

  // A flag that is on keeps the members whose boolean column is true (verifiedOnly: verified).
  const values = filters as Record<string, unknown>;
  for (const def of FILTER_DEFINITIONS) {
    if (def.kind === 'flag' && isFilterActive(def.key, values[def.key])) conditions.push(sql`${column(def.field)} = true`);
  }
  return conditions;
}

/**
 * The candidate set: complete profiles of the sought gender, never the viewer, never anyone
 * blocked by or blocking the viewer, narrowed by the filters (the distance filter left out when
 * `withDistance` is false).
 */
export function candidateWhere(viewer: Viewer & { gender: string }, filters: SavedFilters, today: Date, withDistance = true): SQL {
  const conditions = [
    visibleToViewerSql(viewer, 'p'),
    sql`p.gender = ${soughtGender(viewer.gender)}`,
    ...filterConditions(viewer, filters, today, withDistance),
  ];
  return sql.join(conditions, sql` and `);
}
