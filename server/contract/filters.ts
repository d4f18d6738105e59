/**
 * Saved discovery filters: the camelCase keys, the profile field each one narrows, the defaults
 * and validation of a filter object. Whether a filter is on: filters-active.ts; how filters travel
 * in the discovery URL: filters-query.ts.
 *
 * Units follow the filter dialog, not the stored profile: age in years, distance in miles,
 * height in inches, weight in lbs. Convert with units.ts when comparing with stored cm/kg.
 */

import { type FieldErrors, noFieldErrors } from './auth.ts';
import { BETROTHAL_GIFT_CEILINGS, FACE_SELF_RATINGS, NATIVE_LANGUAGES, type OptionList, YES_NO } from './options.ts';
import { LOCATION_MAX_LENGTH, PROFILE_FIELD_BY_NAME, UNITED_STATES } from './profile-fields.ts';
import { toNumber } from './profile-validation.ts';

/** Whom discovery shows: a member whose gender is Man sees women; any other member sees men. */
export function soughtGender(ownGender: string | null | undefined): 'Man' | 'Woman' {
  return ownGender === 'Man' ? 'Woman' : 'Man';
}

export const FILTER_DEFAULTS = { maxAge: 100, maxDistance: 5000 } as const;

/** What the dialog and the server say when a distance filter meets a member without a location. */
export const LOCATION_REQUIRED = {
  title: 'Location Required',
  detail: 'Please set your location (Country, State, City) in your profile to use distance filtering.',
} as const;

export const AGE_FILTER = { min: 18, max: 100, off: 100 } as const;
/** 5000 means Any. */
export const DISTANCE_FILTER = { min: 0, max: 5000, step: 10, off: 5000 } as const;
export const HEIGHT_FILTER_INCHES = { min: 48, max: 96, step: 1 } as const;
/** The ends of the fixed rating values (1 and 15). */
export const FACE_RATING_FILTER = {
  min: FACE_SELF_RATINGS[0],
  max: FACE_SELF_RATINGS[FACE_SELF_RATINGS.length - 1],
} as const;
/** 0 means off. */
export const WEIGHT_FILTER_LBS = { min: 0, max: 500, off: 0 } as const;

/** Multi-select filter keys and the profile field each matches ("any of" the chosen values). */
export const FILTER_LIST_FIELDS = {
  education: 'education',
  religion: 'religion',
  relationshipStatus: 'relationship_status',
  kidsAtHome: 'kids_at_home',
  annualIncome: 'annual_income',
  livelihood: 'livelihood',
  religiosity: 'religiosity',
  socialMediaUse: 'social_media_use',
  kidsDesired: 'number_of_kids_wanted',
  piercings: 'piercings',
  tattoos: 'tattoos',
  cosmeticSurgeries: 'cosmetic_surgeries',
  exerciseFrequency: 'exercise_frequency',
  parentsImprisoned: 'parents_imprisoned',
  parentsEmployment: 'parents_employment',
  siblingsNumber: 'siblings_number',
  parentPresence: 'parent_presence',
  relationshipHistory: 'relationship_history',
  bodyCount: 'body_count',
  kidsParentsNumber: 'kids_parents_number',
  divorcesNumber: 'divorces_number',
  memoriesFromExes: 'memories_from_exes',
  debtsTotal: 'debts_total',
  placeToLive: 'place_to_live',
  dailyTransportation: 'daily_transportation',
  brandOfDailyCar: 'brand_of_daily_car',
  yachtOwner: 'yacht_owner',
  privateAirplane: 'private_airplane',
  recipesKnown: 'recipes_known',
  cookbook: 'cookbook',
  clothesStyle: 'clothes_style',
  latestMajor: 'latest_major',
  cookingFrequency: 'cooking_frequency',
  homeChoresFrequency: 'home_chores_frequency',
  petsAtHome: 'pets_at_home',
  currentPersonalTravel: 'current_personal_travel',
  currentInternationalTravel: 'current_international_travel',
  reasonToMarry: 'reason_to_marry',
  moneyControlInRelationship: 'money_control',
  monthlyCashWant: 'monthly_cash_want',
  monthlyCashProvide: 'monthly_cash_provide',
  desiredCeremony: 'desired_ceremony',
  desireToWorkInRelationship: 'desire_to_work_in_relationship',
  clothesControl: 'clothes_control',
  oppositeSexFriends: 'opposite_sex_friends',
} as const;

export type FilterListKey = keyof typeof FILTER_LIST_FIELDS;
export const FILTER_LIST_KEYS = Object.keys(FILTER_LIST_FIELDS) as FilterListKey[];

export interface Range {
  min: number;
  max: number;
}

export type SavedFilters = {
  maxAge: number;
  maxDistance: number;
  homeCountry?: string;
  homeState?: string;
  homeCity?: string;
  heightRange?: Range;
  faceSelfRating?: Range;
  weightUpTo?: number;
  nativeLanguage?: string;
  minimumBetrothalGiftPrice?: string;
  /** true: only verified members. Absent or false: everyone (the default, hence not in FILTER_DEFAULTS). */
  verifiedOnly?: boolean;
} & { [K in FilterListKey]?: string[] };

/**
 * upTo: a numeric ceiling (off at `off`); text: equality on a location field; range: {min,max};
 * option: one value of `options`; list: any of `options`. `booleanField` marks Yes/No lists
 * that match a boolean profile field ('Yes' = true). `whole` numbers come from integer sliders.
 */
export type ValueFilterKind = 'upTo' | 'text' | 'range' | 'option' | 'list';
/** flag: an on/off switch; true keeps only members whose boolean `field` is true, false is off. */
export type FilterKind = ValueFilterKind | 'flag';

/** A filter that holds a value to compare with (a number, text, a range or choices). */
export interface FilterDefinition {
  key: string;
  field: string;
  kind: ValueFilterKind;
  unit?: 'years' | 'miles' | 'inches' | 'lbs' | 'USD';
  options?: OptionList;
  min?: number;
  max?: number;
  step?: number;
  off?: number;
  whole?: boolean;
  /** Longest text of a text filter. */
  maxLength?: number;
  booleanField?: boolean;
}

/**
 * A switch. Kept apart from FilterDefinition because a flag has no value to bound or choose
 * from: code that types a filter's value by its kind (the JSON schemas) handles it on its own.
 */
export interface FlagFilterDefinition extends Omit<FilterDefinition, 'kind'> {
  kind: 'flag';
}

export type AnyFilterDefinition = FilterDefinition | FlagFilterDefinition;

const listDefinition = (key: FilterListKey): FilterDefinition => {
  const field = FILTER_LIST_FIELDS[key];
  const descriptor = PROFILE_FIELD_BY_NAME.get(field);
  const booleanField = descriptor?.kind === 'boolean';
  const options = booleanField ? YES_NO : descriptor?.options;
  return { key, field, kind: 'list', options, ...(booleanField ? { booleanField } : {}) };
};

export const FILTER_DEFINITIONS: readonly AnyFilterDefinition[] = [
  { key: 'maxAge', field: 'age', kind: 'upTo', unit: 'years', ...AGE_FILTER, step: 1, whole: true },
  { key: 'maxDistance', field: 'distance', kind: 'upTo', unit: 'miles', ...DISTANCE_FILTER, whole: true },
  { key: 'homeCountry', field: 'home_country', kind: 'text', maxLength: LOCATION_MAX_LENGTH },
  { key: 'homeState', field: 'home_state', kind: 'text', maxLength: LOCATION_MAX_LENGTH },
  { key: 'homeCity', field: 'home_city', kind: 'text', maxLength: LOCATION_MAX_LENGTH },
  { key: 'heightRange', field: 'height', kind: 'range', unit: 'inches', ...HEIGHT_FILTER_INCHES, whole: true },
  {
    key: 'faceSelfRating',
    field: 'face_self_rating',
    kind: 'range',
    options: FACE_SELF_RATINGS,
    ...FACE_RATING_FILTER,
  },
  // Weight is typed freely, so any number.
  { key: 'weightUpTo', field: 'weight', kind: 'upTo', unit: 'lbs', ...WEIGHT_FILTER_LBS },
  { key: 'nativeLanguage', field: 'native_language', kind: 'option', options: NATIVE_LANGUAGES },
  {
    key: 'minimumBetrothalGiftPrice',
    field: 'minimum_betrothal_gift_price',
    kind: 'option',
    unit: 'USD',
    options: BETROTHAL_GIFT_CEILINGS,
  },
  ...FILTER_LIST_KEYS.map(listDefinition),
  // Photo 1 passed moderation and matched a live face scan (set by the server, never by the member).
  { key: 'verifiedOnly', field: 'verified', kind: 'flag' },
];

export const FILTER_DEFINITION_BY_KEY: ReadonlyMap<string, AnyFilterDefinition> = new Map(FILTER_DEFINITIONS.map((d) => [d.key, d]));

export const FILTER_MESSAGES = {
  notObject: 'Filters must be an object',
  unknownFilter: 'Unknown filter',
  notText: 'Must be text',
  notList: 'Must be a list of choices',
  notTrueOrFalse: 'Must be true or false',
  notRange: 'Must have a min and a max',
  rangeCrossed: 'The two ends of a range cannot cross',
  notWholeNumber: 'Must be a whole number',
  stateNeedsUnitedStates: 'State can only be set when the country is United States',
  between: (min: number, max: number) => `Must be between ${min} and ${max}`,
  step: (step: number) => `Must be a multiple of ${step}`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notAnOption: (value: unknown) => `'${String(value)}' is not one of the choices`,
} as const;

/**
 * Saved filters merged over FILTER_DEFAULTS: the one place the defaults are filled in, for a
 * stored object, a server answer or nothing at all. null and undefined leave the default; keys
 * that name no filter are dropped, so nothing unknown (nor `__proto__`) is carried along.
 */
export function withDefaults(saved?: Partial<SavedFilters> | null): SavedFilters {
  const merged: SavedFilters = { ...FILTER_DEFAULTS };
  if (!saved || typeof saved !== 'object') return merged;
  const out = merged as Record<string, unknown>;
  for (const [key, value] of Object.entries(saved)) {
    if (value !== undefined && value !== null && FILTER_DEFINITION_BY_KEY.has(key)) out[key] = value;
  }
  return merged;
}

/** '$1,000' -> 1000; 'Any' (no ceiling) and anything else -> null. */
export function giftCeilingToDollars(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\$[\d,]+$/.test(value)) return null;
  return Number(value.slice(1).replaceAll(',', ''));
}

type Checked = { value: unknown } | { error: string };

/**
 * Where a filter object comes from. A JSON body ('body') carries real types, so a number must be
 * a JSON number, a choice exactly an option, a list a JSON list and a flag a JSON boolean, as
 * openapi.yaml documents. A query string ('query') carries only text: numbers are read from their
 * digits, choices are trimmed, a single value is a one-item list and a flag is 'Yes' or 'No'.
 */
export interface FilterSource {
  from: 'body' | 'query';
}

const isOff = (raw: unknown) =>
  raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);

function numberFrom(raw: unknown, source: FilterSource): number | null {
  if (source.from === 'query') return toNumber(raw);
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

function checkUpTo(def: FilterDefinition, raw: unknown, source: FilterSource): Checked {
  const n = numberFrom(raw, source);
  const min = def.min ?? 0;
  const max = def.max ?? Number.POSITIVE_INFINITY;
  if (n === null || n < min || n > max) return { error: FILTER_MESSAGES.between(min, max) };
  if (def.whole && !Number.isInteger(n)) return { error: FILTER_MESSAGES.notWholeNumber };
  if (def.step && def.step > 1 && n % def.step !== 0) return { error: FILTER_MESSAGES.step(def.step) };
  return { value: n };
}

function checkText(def: FilterDefinition, raw: unknown): Checked {
  if (typeof raw !== 'string') return { error: FILTER_MESSAGES.notText };
  const text = raw.trim();
  const maxLength = def.maxLength ?? LOCATION_MAX_LENGTH;
  if (text.length > maxLength) return { error: FILTER_MESSAGES.tooLong(maxLength) };
  return { value: text };
}

function checkRange(def: FilterDefinition, raw: unknown, source: FilterSource): Checked {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: FILTER_MESSAGES.notRange };
  const { min: rawMin, max: rawMax } = raw as Record<string, unknown>;
  const [min, max] = [numberFrom(rawMin, source), numberFrom(rawMax, source)];
  if (min === null || max === null) return { error: FILTER_MESSAGES.notRange };
  const [lowest, highest] = [def.min ?? 0, def.max ?? 0];
  for (const end of [min, max]) {
    if (def.options && !def.options.includes(end)) return { error: FILTER_MESSAGES.notAnOption(end) };
    if (def.whole && !Number.isInteger(end)) return { error: FILTER_MESSAGES.notWholeNumber };
    if (end < lowest || end > highest) return { error: FILTER_MESSAGES.between(lowest, highest) };
  }
  if (min > max) return { error: FILTER_MESSAGES.rangeCrossed };
  return { value: { min, max } };
}

/** The option `raw` names: identical in a body, trimmed in a query string. */
function optionOf(def: FilterDefinition, raw: unknown, source: FilterSource): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = source.from === 'query' ? raw.trim() : raw;
  return def.options?.includes(value) ? value : undefined;
}

function checkOption(def: FilterDefinition, raw: unknown, source: FilterSource): Checked {
  const value = optionOf(def, raw, source);
  return value === undefined ? { error: FILTER_MESSAGES.notAnOption(raw) } : { value };
}

function checkList(def: FilterDefinition, raw: unknown, source: FilterSource): Checked {
  // Commas are NOT split here because several filter values contain commas ('Under $50,000').
  if (!Array.isArray(raw) && source.from === 'body') return { error: FILTER_MESSAGES.notList };
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  const chosen: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') return { error: FILTER_MESSAGES.notList };
    const value = optionOf(def, item, source);
    if (value === undefined) return { error: FILTER_MESSAGES.notAnOption(item) };
    if (!chosen.includes(value)) chosen.push(value);
  }
  return { value: chosen };
}

/**
 * How a flag is spelled in a query string: the Yes/No of the list filters that read a boolean
 * field (`yachtOwner=Yes`), so every boolean in a discovery URL reads the same way.
 */
export const FLAG_QUERY_SPELLING = { on: YES_NO[0], off: YES_NO[1] } as const;

function checkFlag(raw: unknown, source: FilterSource): Checked {
  if (source.from === 'body') return typeof raw === 'boolean' ? { value: raw } : { error: FILTER_MESSAGES.notTrueOrFalse };
  // Trimmed like every choice read from a query string; anything else (1, true, a list) is refused.
  const spelled = typeof raw === 'string' ? raw.trim() : undefined;
  if (spelled === FLAG_QUERY_SPELLING.on) return { value: true };
  if (spelled === FLAG_QUERY_SPELLING.off) return { value: false };
  return { error: FILTER_MESSAGES.notAnOption(raw) };
}

function check(def: AnyFilterDefinition, raw: unknown, source: FilterSource): Checked {
  switch (def.kind) {
    case 'upTo':
      return checkUpTo(def, raw, source);
    case 'text':
      return checkText(def, raw);
    case 'range':
      return checkRange(def, raw, source);
    case 'option':
      return checkOption(def, raw, source);
    case 'list':
      return checkList(def, raw, source);
    case 'flag':
      return checkFlag(raw, source);
  }
}

/**
 * Validate a filters object: a JSON body (POST /api/v1/filter_profiles/, the default) or the
 * filters of a discovery query string (`{ from: 'query' }`). The result is merged over
 * FILTER_DEFAULTS; null, blank text or an empty list removes that filter. Invalid keys are
 * reported in `errors` and left out of `filters`.
 */
export function validateFilters(input: unknown, source: FilterSource = { from: 'body' }): { filters: SavedFilters; errors: FieldErrors } {
  const filters = withDefaults(null);
  const errors = noFieldErrors();
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    errors.filters = [FILTER_MESSAGES.notObject];
    return { filters, errors };
  }
  const out = filters as Record<string, unknown>;
  for (const [key, raw] of Object.entries(input)) {
    const def = FILTER_DEFINITION_BY_KEY.get(key);
    if (!def) {
      errors[key] = [FILTER_MESSAGES.unknownFilter];
      continue;
    }
    if (isOff(raw)) continue;
    const checked = check(def, raw, source);
    if ('error' in checked) errors[key] = [checked.error];
    else out[key] = checked.value;
  }
  // The dialog enables State only for the United States.
  if (filters.homeState && filters.homeCountry !== UNITED_STATES) {
    errors.homeState = [FILTER_MESSAGES.stateNeedsUnitedStates];
    delete filters.homeState;
  }
  return { filters, errors };
}
