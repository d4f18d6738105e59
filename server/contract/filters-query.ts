/**
 * The discovery query string: how filters and paging travel in GET /api/v1/profiles/. The client
 * writes it with encodeFiltersQuery, the server reads it with decodeFiltersQuery and then
 * validateFilters(..., { from: 'query' }).
 *
 * Spelling: scalars as key=value, lists as repeated key=value (key[]=value is read too), ranges
 * as key.min / key.max (key[min] / key[max] read too), a flag that is on as key=Yes (the Yes of the
 * Yes/No lists; key=No is read as off), plus page and page_size. Only filters that narrow are
 * written, in key order, so equal filters give one URL (one SWR cache entry).
 *
 * Reading builds only prototype-less objects and only known range filters become objects, so a
 * key such as `__proto__.min` or `constructor[max]` can never write into a shared prototype: it
 * stays an unknown key, which validateFilters reports as 'Unknown filter'.
 */
import { isFilterActive } from './filters-active.ts';
import { FILTER_DEFINITION_BY_KEY, FLAG_QUERY_SPELLING, type Range, type SavedFilters } from './filters.ts';

/** Profiles per discovery page: what the client asks for and what the server assumes. */
export const DISCOVERY_PAGE_SIZE = 20;

/** Query parameters that are not filters. */
export const PAGING_PARAMS: ReadonlySet<string> = new Set(['page', 'page_size']);

export interface Paging {
  page?: number;
  page_size?: number;
}

/** A parsed query string: one value, or a list for a repeated key (as Fastify parses it). */
export type QueryRecord = Record<string, unknown>;

const RANGE_PART = /^(.+?)(?:\.(min|max)|\[(min|max)\])$/;

const bare = (): QueryRecord => Object.create(null) as QueryRecord;
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const isEnds = (value: unknown): value is QueryRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

function setPaging(params: URLSearchParams, paging: Paging) {
  if (paging.page !== undefined) params.set('page', String(paging.page));
  if (paging.page_size !== undefined) params.set('page_size', String(paging.page_size));
}

/** The query string (without '?') for `filters` and `paging`: paging first, then active filters. */
export function encodeFiltersQuery(filters: Partial<SavedFilters>, paging: Paging = {}): string {
  const params = new URLSearchParams();
  setPaging(params, paging);
  const values = filters as Record<string, unknown>;
  for (const key of Object.keys(values).sort()) {
    const value = values[key];
    if (!isFilterActive(key, value)) continue;
    const kind = FILTER_DEFINITION_BY_KEY.get(key)?.kind;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else if (kind === 'range') {
      const range = value as Range;
      params.set(`${key}.min`, String(range.min));
      params.set(`${key}.max`, String(range.max));
    } else if (kind === 'flag') {
      // Active means true (filters-active.ts), so only the "on" spelling is ever written.
      params.set(key, FLAG_QUERY_SPELLING.on);
    } else {
      params.set(key, String(value));
    }
  }
  return params.toString();
}

/** A query string as a record, repeated keys gathered into lists; no prototype. */
function recordOf(search: string | URLSearchParams): QueryRecord {
  const record = bare();
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = record[key];
    record[key] = seen === undefined ? value : [seen, value].flat();
  }
  return record;
}

/**
 * The raw filter object a query spells (text values, for validateFilters), or null when it
 * names no filter at all: then the saved filters apply.
 */
export function decodeFiltersQuery(query: QueryRecord | string | URLSearchParams): QueryRecord | null {
  const entries = typeof query === 'string' || query instanceof URLSearchParams ? recordOf(query) : query;
  const filters = bare();
  let any = false;
  for (const [rawKey, value] of Object.entries(entries)) {
    if (PAGING_PARAMS.has(rawKey)) continue;
    any = true;
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const part = RANGE_PART.exec(key);
    const base = part?.[1];
    if (part && base && FILTER_DEFINITION_BY_KEY.get(base)?.kind === 'range') {
      // `heightRange=x&heightRange.min=60`: the ends win over a bare value, which has no ends.
      const existing = filters[base];
      const range = isEnds(existing) ? existing : (filters[base] = bare());
      (range as QueryRecord)[part[2] ?? part[3]] = first(value);
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

/**
 * The same query at another page: the filters exactly as the request spelled them (so a query
 * that names only switched-off filters still overrides the saved ones), then page and page_size.
 */
export function repageQuery(query: QueryRecord, paging: Required<Paging>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (PAGING_PARAMS.has(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  setPaging(params, paging);
  return params.toString();
}
