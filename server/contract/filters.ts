/**
 * Saved discovery filters (part 1 sections 3, 5 and 9): the camelCase keys, the profile field
 * each one narrows, validation of a saved filter object and the active-filter badge count.
 *
 * Units follow the filter dialog, not the stored profile: age in years, distance in miles,
 * height in inches, weight in lbs. Convert with units.ts when comparing with stored cm/kg.
 */

import type { FieldErrors } from './auth.ts';
import {
  BETROTHAL_GIFT_CEILINGS,
  FACE_SELF_RATINGS,
  NATIVE_LANGUAGES,
  type OptionList,
  YES_NO,
} from './options.ts';
import { LOCATION_MAX_LENGTH, PROFILE_FIELD_BY_NAME, UNITED_STATES } from './profile-fields.ts';
import { toNumber } from './profile-validation.ts';

export const FILTER_DEFAULTS = { maxAge: 100, maxDistance: 5000 } as const;

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
} & { [K in FilterListKey]?: string[] };

/**
 * upTo: a numeric ceiling (off at `off`); text: equality on a location field; range: {min,max};
 * option: one value of `options`; list: any of `options`. `booleanField` marks Yes/No lists
 * that match a boolean profile field ('Yes' = true).
 */
export type FilterKind = 'upTo' | 'text' | 'range' | 'option' | 'list';

export interface FilterDefinition {
  key: string;
  field: string;
  kind: FilterKind;
  unit?: 'years' | 'miles' | 'inches' | 'lbs' | 'USD';
  options?: OptionList;
  min?: number;
  max?: number;
  step?: number;
  off?: number;
  booleanField?: boolean;
}

const listDefinition = (key: FilterListKey): FilterDefinition => {
  const field = FILTER_LIST_FIELDS[key];
  const descriptor = PROFILE_FIELD_BY_NAME.get(field);
  const booleanField = descriptor?.kind === 'boolean';
  const options = booleanField ? YES_NO : descriptor?.options;
  return { key, field, kind: 'list', options, ...(booleanField ? { booleanField } : {}) };
};

export const FILTER_DEFINITIONS: readonly FilterDefinition[] = [
  { key: 'maxAge', field: 'age', kind: 'upTo', unit: 'years', ...AGE_FILTER, step: 1 },
  { key: 'maxDistance', field: 'distance', kind: 'upTo', unit: 'miles', ...DISTANCE_FILTER },
  { key: 'homeCountry', field: 'home_country', kind: 'text' },
  { key: 'homeState', field: 'home_state', kind: 'text' },
  { key: 'homeCity', field: 'home_city', kind: 'text' },
  { key: 'heightRange', field: 'height', kind: 'range', unit: 'inches', ...HEIGHT_FILTER_INCHES },
  {
    key: 'faceSelfRating',
    field: 'face_self_rating',
    kind: 'range',
    options: FACE_SELF_RATINGS,
    ...FACE_RATING_FILTER,
  },
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
];

export const FILTER_DEFINITION_BY_KEY: ReadonlyMap<string, FilterDefinition> = new Map(
  FILTER_DEFINITIONS.map((d) => [d.key, d]),
);

export const FILTER_MESSAGES = {
  notObject: 'Filters must be an object',
  unknownFilter: 'Unknown filter',
  notText: 'Must be text',
  notList: 'Must be a list of choices',
  notRange: 'Must have a min and a max',
  rangeCrossed: 'The two ends of a range cannot cross',
  notWholeNumber: 'Must be a whole number',
  stateNeedsUnitedStates: 'State can only be set when the country is United States',
  between: (min: number, max: number) => `Must be between ${min} and ${max}`,
  step: (step: number) => `Must be a multiple of ${step}`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notAnOption: (value: unknown) => `'${String(value)}' is not one of the choices`,
} as const;

/** '$1,000' -> 1000; 'Any' (no ceiling) and anything else -> null. */
export function giftCeilingToDollars(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\$[\d,]+$/.test(value)) return null;
  return Number(value.slice(1).replaceAll(',', ''));
}

type Checked = { value: unknown } | { error: string };

const isOff = (raw: unknown) =>
  raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);

function checkUpTo(def: FilterDefinition, raw: unknown): Checked {
  const n = toNumber(raw);
  const min = def.min ?? 0;
  const max = def.max ?? Number.POSITIVE_INFINITY;
  if (n === null || n < min || n > max) return { error: FILTER_MESSAGES.between(min, max) };
  // Weight is typed freely (any number); age and distance come from integer sliders.
  if (def.key !== 'weightUpTo' && !Number.isInteger(n)) return { error: FILTER_MESSAGES.notWholeNumber };
  if (def.step && def.step > 1 && n % def.step !== 0) return { error: FILTER_MESSAGES.step(def.step) };
  return { value: n };
}

function checkText(raw: unknown): Checked {
  if (typeof raw !== 'string') return { error: FILTER_MESSAGES.notText };
  const text = raw.trim();
  if (text.length > LOCATION_MAX_LENGTH) return { error: FILTER_MESSAGES.tooLong(LOCATION_MAX_LENGTH) };
  return { value: text };
}

function checkRange(def: FilterDefinition, raw: unknown): Checked {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: FILTER_MESSAGES.notRange };
  const { min: rawMin, max: rawMax } = raw as Record<string, unknown>;
  const [min, max] = [toNumber(rawMin), toNumber(rawMax)];
  if (min === null || max === null) return { error: FILTER_MESSAGES.notRange };
  const [lowest, highest] = [def.min ?? 0, def.max ?? 0];
  for (const end of [min, max]) {
    if (def.options && !def.options.includes(end)) return { error: FILTER_MESSAGES.notAnOption(end) };
    if (!def.options && !Number.isInteger(end)) return { error: FILTER_MESSAGES.notWholeNumber };
    if (end < lowest || end > highest) return { error: FILTER_MESSAGES.between(lowest, highest) };
  }
  if (min > max) return { error: FILTER_MESSAGES.rangeCrossed };
  return { value: { min, max } };
}

function checkOption(def: FilterDefinition, raw: unknown): Checked {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  return def.options?.includes(value as string) ? { value } : { error: FILTER_MESSAGES.notAnOption(raw) };
}

function checkList(def: FilterDefinition, raw: unknown): Checked {
  // A single value is a one-item list (query strings); commas are NOT split here because
  // several filter values contain commas ('Under $50,000').
  const items = Array.isArray(raw) ? raw : [raw];
  const chosen: string[] = [];
  for (let item of items) {
    if (def.booleanField && typeof item === 'boolean') item = item ? 'Yes' : 'No';
    if (typeof item !== 'string') return { error: FILTER_MESSAGES.notList };
    const value = item.trim();
    if (!def.options?.includes(value)) return { error: FILTER_MESSAGES.notAnOption(item) };
    if (!chosen.includes(value)) chosen.push(value);
  }
  return { value: chosen };
}

function check(def: FilterDefinition, raw: unknown): Checked {
  switch (def.kind) {
    case 'upTo':
      return checkUpTo(def, raw);
    case 'text':
      return checkText(raw);
    case 'range':
      return checkRange(def, raw);
    case 'option':
      return checkOption(def, raw);
    case 'list':
      return checkList(def, raw);
  }
}

/**
 * Validate a filters object (POST /api/v1/filter_profiles/). The result is merged over
 * FILTER_DEFAULTS; a null, empty string or empty list removes that filter. Invalid keys are
 * reported in `errors` and left out of `filters`.
 */
export function validateFilters(input: unknown): { filters: SavedFilters; errors: FieldErrors } {
  const filters: SavedFilters = { ...FILTER_DEFAULTS };
  const errors: FieldErrors = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { filters, errors: { filters: [FILTER_MESSAGES.notObject] } };
  }
  const out = filters as Record<string, unknown>;
  for (const [key, raw] of Object.entries(input)) {
    const def = FILTER_DEFINITION_BY_KEY.get(key);
    if (!def) {
      errors[key] = [FILTER_MESSAGES.unknownFilter];
      continue;
    }
    if (isOff(raw) || (typeof raw === 'string' && raw.trim() === '')) continue;
    const checked = check(def, raw);
    if ('error' in checked) errors[key] = [checked.error];
    else out[key] = checked.value;
  }
  // The dialog enables State only for the United States (part 1 section 5).
  if (filters.homeState && filters.homeCountry !== UNITED_STATES) {
    errors.homeState = [FILTER_MESSAGES.stateNeedsUnitedStates];
    delete filters.homeState;
  }
  return { filters, errors };
}

const isSet = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const narrowed = (range: Range | undefined, min: number, max: number) =>
  !!range && (range.min > min || range.max < max);

/** The Filters badge: part 1 section 9's active-filter count rules, one point per rule met. */
export function countActiveFilters(filters: Partial<SavedFilters>): number {
  const rules = [
    typeof filters.maxAge === 'number' && filters.maxAge < AGE_FILTER.off,
    typeof filters.maxDistance === 'number' && filters.maxDistance < DISTANCE_FILTER.off,
    isSet(filters.homeCountry),
    isSet(filters.homeState),
    isSet(filters.homeCity),
    narrowed(filters.heightRange, HEIGHT_FILTER_INCHES.min, HEIGHT_FILTER_INCHES.max),
    narrowed(filters.faceSelfRating, FACE_RATING_FILTER.min, FACE_RATING_FILTER.max),
    typeof filters.weightUpTo === 'number' && filters.weightUpTo > 0,
    isSet(filters.nativeLanguage),
    (giftCeilingToDollars(filters.minimumBetrothalGiftPrice) ?? 0) > 0,
    ...FILTER_LIST_KEYS.map((key) => Array.isArray(filters[key]) && (filters[key]?.length ?? 0) > 0),
  ];
  return rules.filter(Boolean).length;
}
