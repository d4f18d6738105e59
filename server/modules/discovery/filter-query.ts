/**
 * Filters carried in the discovery query string (the client sends its current filters with
 * page_size): scalars as key=value, lists as repeated key=value or key[]=value, ranges as
 * key.min / key.max (or key[min] / key[max]). Pure: the result goes through validateFilters.
 *
 * Every object built here has no prototype and only known filter keys become objects, so a key
 * such as `__proto__.min` or `constructor[max]` can never write into a shared prototype: it is
 * kept as an unknown key, which validateFilters reports as 'Unknown filter'.
 */
import { FILTER_DEFINITION_BY_KEY } from '../../contract/filters.ts';

/** Query parameters that are not filters. */
export const PAGING_PARAMS = new Set(['page', 'page_size']);

const RANGE_PART = /^(.+?)(?:\.(min|max)|\[(min|max)\])$/;

const bare = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const isEnds = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The filter object a query string spells, or null when it names no filter at all. */
export function filtersFromQuery(query: Record<string, unknown>): Record<string, unknown> | null {
  const filters = bare();
  let any = false;
  for (const [rawKey, value] of Object.entries(query)) {
    if (PAGING_PARAMS.has(rawKey)) continue;
    any = true;
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const part = RANGE_PART.exec(key);
    const base = part?.[1];
    if (part && base && FILTER_DEFINITION_BY_KEY.get(base)?.kind === 'range') {
      // `heightRange=x&heightRange.min=60`: the ends win over a bare value, which has no ends.
      const existing = filters[base];
      const range = isEnds(existing) ? existing : (filters[base] = bare());
      (range as Record<string, unknown>)[part[2] ?? part[3]] = first(value);
      continue;
    }
    filters[key] = value;
  }
  if (!any) return null;
  // A range with one end given keeps the other end of the slider.
  for (const def of FILTER_DEFINITION_BY_KEY.values()) {
    const ends = filters[def.key];
    if (def.kind !== 'range' || !isEnds(ends)) continue;
    ends.min ??= def.min;
    ends.max ??= def.max;
  }
  return filters;
}
