import {
  AGE_FILTER,
  DISTANCE_FILTER,
  FACE_RATING_FILTER,
  FILTER_DEFAULTS,
  HEIGHT_FILTER_INCHES,
  type SavedFilters,
} from '../../../../../server/contract/filters.ts';

export const DISCOVERY_PAGE_SIZE = 20;

/** Saved filters merged over the defaults (part 1 section 2, Filter dialog). */
export function withDefaults(saved: Partial<SavedFilters> | null | undefined): SavedFilters {
  const merged: SavedFilters = { ...FILTER_DEFAULTS };
  if (saved && typeof saved === 'object') {
    for (const [key, value] of Object.entries(saved)) {
      if (value !== undefined && value !== null) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/**
 * The discovery query: page_size=20 plus every filter that narrows the result.
 * Scalars as key=value, lists as repeated key=value, ranges as key.min / key.max.
 * Keys are sorted so that equal filters give the same URL, hence the same SWR cache entry.
 */
export function profilesQuery(filters: Partial<SavedFilters>): string {
  const params = new URLSearchParams();
  params.set('page_size', String(DISCOVERY_PAGE_SIZE));
  for (const key of Object.keys(filters).sort()) {
    const value = (filters as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'maxAge' && value === AGE_FILTER.off) continue;
    if (key === 'maxDistance' && value === DISTANCE_FILTER.off) continue;
    if (key === 'weightUpTo' && value === 0) continue;
    if (key === 'minimumBetrothalGiftPrice' && value === 'Any') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else if (typeof value === 'object') {
      const range = value as { min?: number; max?: number };
      const bounds =
        key === 'heightRange' ? HEIGHT_FILTER_INCHES : key === 'faceSelfRating' ? FACE_RATING_FILTER : null;
      if (bounds && range.min === bounds.min && range.max === bounds.max) continue;
      if (range.min !== undefined) params.set(`${key}.min`, String(range.min));
      if (range.max !== undefined) params.set(`${key}.max`, String(range.max));
    } else {
      params.set(key, String(value));
    }
  }
  return params.toString();
}
