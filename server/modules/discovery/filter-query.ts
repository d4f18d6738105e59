/**
 * Filters carried in the discovery query string (the client sends its current filters with
 * page_size): scalars as key=value, lists as repeated key=value or key[]=value, ranges as
 * key.min / key.max (or key[min] / key[max]). Pure: the result goes through validateFilters.
 */
import { FILTER_DEFINITION_BY_KEY } from '../../contract/filters.ts';

/** Query parameters that are not filters. */
export const PAGING_PARAMS = new Set(['page', 'page_size']);

const RANGE_PART = /^(.+?)(?:\.(min|max)|\[(min|max)\])$/;

/** The filter object a query string spells, or null when it names no filter at all. */
export function filtersFromQuery(query: Record<string, unknown>): Record<string, unknown> | null {
  const filters: Record<string, unknown> = {};
  let any = false;
  for (const [rawKey, value] of Object.entries(query)) {
    if (PAGING_PARAMS.has(rawKey)) continue;
    any = true;
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const part = RANGE_PART.exec(key);
    if (part) {
      const [, base, dotted, bracketed] = part;
      const range = (filters[base] ??= {}) as Record<string, unknown>;
      range[dotted ?? bracketed] = Array.isArray(value) ? value[0] : value;
      continue;
    }
    filters[key] = value;
  }
  if (!any) return null;
  // A range with one end given keeps the other end of the slider.
  for (const [key, value] of Object.entries(filters)) {
    const def = FILTER_DEFINITION_BY_KEY.get(key);
    if (def?.kind !== 'range' || typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const range = value as Record<string, unknown>;
    range.min ??= def.min;
    range.max ??= def.max;
  }
  return filters;
}
