/**
 * Whether a filter narrows the result: the one rule behind the query the client sends, the
 * conditions the server applies and the Filters badge. A filter is off at its slider's "any"
 * end (age 100, distance 5000, weight 0), at a range's full width, at the gift ceiling 'Any',
 * when blank or empty, and a flag unless it is exactly true.
 */
import { FILTER_DEFINITION_BY_KEY, FILTER_DEFINITIONS, type FilterDefinition, giftCeilingToDollars, type SavedFilters } from './filters.ts';

const GIFT_KEY = 'minimumBetrothalGiftPrice';

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function upToActive(def: FilterDefinition, value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  // The "any" end is the top of the age and distance sliders and the bottom of weight.
  return def.off === def.min ? value > (def.off ?? 0) : value < (def.off ?? Number.POSITIVE_INFINITY);
}

function rangeActive(def: FilterDefinition, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { min, max } = value as { min?: unknown; max?: unknown };
  if (typeof min !== 'number' || typeof max !== 'number') return false;
  // Untouched, a range would drop every member who never answered the field: full width is off.
  return min > (def.min ?? Number.NEGATIVE_INFINITY) || max < (def.max ?? Number.POSITIVE_INFINITY);
}

/** Whether `value` of filter `key` narrows the candidates; unknown keys never do. */
export function isFilterActive(key: string, value: unknown): boolean {
  const def = FILTER_DEFINITION_BY_KEY.get(key);
  if (!def || value === undefined || value === null) return false;
  switch (def.kind) {
    case 'upTo':
      return upToActive(def, value);
    case 'range':
      return rangeActive(def, value);
    case 'text':
      return !isBlank(value);
    case 'option':
      return def.key === GIFT_KEY ? giftCeilingToDollars(value) !== null : !isBlank(value);
    case 'list':
      return Array.isArray(value) && value.length > 0;
    case 'flag':
      return value === true;
  }
}

/** The filters of `filters` that narrow, in catalogue order. */
export function activeFilterKeys(filters: Partial<SavedFilters>): string[] {
  const values = filters as Record<string, unknown>;
  return FILTER_DEFINITIONS.filter((def) => isFilterActive(def.key, values[def.key])).map((def) => def.key);
}

/**
 * The Filters badge: one per active filter (a narrowed range counts once). A '$0' gift ceiling
 * counts too: it narrows the result (to members asking for no gift), so leaving it off the badge
 * would hide why profiles are missing.
 */
export function countActiveFilters(filters: Partial<SavedFilters>): number {
  return activeFilterKeys(filters).length;
}
