/** Request and response contracts of the discovery and saved-filter routes. */
import { type TSchema, Type } from 'typebox';
import { DISCOVERY_PAGE_SIZE } from '../../contract/filters-query.ts';
import {
  type AnyFilterDefinition,
  FILTER_DEFAULTS,
  FILTER_DEFINITIONS,
  FLAG_QUERY_SPELLING,
  type FlagFilterDefinition,
} from '../../contract/filters.ts';
import { filterSchema, type ValueUse } from '../common/index.ts';
import { PublicProfileResponse } from '../members/index.ts';

export const MAX_PAGE_SIZE = 100;

/** Blank text turns a filter off, as null does. */
const BLANK = { type: 'string', pattern: '^\\s*$', description: 'Blank: clears the value' };

/**
 * A flag is a plain boolean: nothing to bound or choose from, so it is typed here rather than by
 * the catalogue's filterSchema, with the same ways to turn it off in a body (null, blank).
 */
function flagSchema(def: FlagFilterDefinition, use: ValueUse): TSchema {
  const parts = [`Matches ${def.field}`, 'true keeps only the members for whom it is true', 'false means off'];
  if (use === 'input') parts.push('null or blank turns it off');
  const description = parts.join('; ');
  if (use === 'stored') return Type.Unsafe<boolean>({ type: 'boolean', description });
  return Type.Unsafe<unknown>({ anyOf: [{ type: ['boolean', 'null'] }, BLANK], description });
}

const savedFilterSchema = (def: AnyFilterDefinition, use: ValueUse): TSchema =>
  def.kind === 'flag' ? flagSchema(def, use) : filterSchema(def, use);

export const DiscoveryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: '1-based page number' })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DISCOVERY_PAGE_SIZE, description: 'Profiles per page' }),
    ),
  },
  {
    additionalProperties: true,
    description:
      'Optionally the filters to apply instead of the saved ones, keyed as in the saved filters: scalars as key=value, ' +
      'lists as repeated key=value (or key[]=value), ranges as key.min / key.max, a flag as ' +
      `key=${FLAG_QUERY_SPELLING.on} (on) or key=${FLAG_QUERY_SPELLING.off} (off). Without any filter key the saved filters apply.`,
  },
);

export const ProfilePage = Type.Object({
  count: Type.Integer({
    description:
      'Profiles matching, over all pages, counted up to 1,000 (or to the end of the requested page when further); when count_capped, at least this many',
  }),
  count_capped: Type.Boolean({ description: 'True when more profiles match than count says (shown as "1,000+")' }),
  next: Type.Union([Type.String(), Type.Null()], { description: 'Path of the next page, or null' }),
  previous: Type.Union([Type.String(), Type.Null()], { description: 'Path of the previous page, or null' }),
  results: Type.Array(PublicProfileResponse),
});

/** Saved filters as answered: maxAge and maxDistance always, the others when set. */
export const SavedFiltersResponse = Type.Object(
  Object.fromEntries(
    FILTER_DEFINITIONS.map((def) => {
      const schema = savedFilterSchema(def, 'stored');
      return [def.key, def.key in FILTER_DEFAULTS ? schema : Type.Optional(schema)];
    }),
  ),
  { additionalProperties: false, description: 'Saved discovery filters merged over the defaults (maxAge 100, maxDistance 5000)' },
);

/**
 * Every filter is typed as the catalogue says, but the body is checked by validateFilters
 * (`x-validated-by`), which accepts exactly these types and answers each refused filter with the
 * catalogue's own message; unknown keys reach it too and are reported as 'Unknown filter'.
 */
export const SavedFiltersBody = Type.Object(
  Object.fromEntries(FILTER_DEFINITIONS.map((def) => [def.key, Type.Optional(savedFilterSchema(def, 'input'))])),
  {
    additionalProperties: true,
    maxProperties: 200,
    'x-validated-by': 'validateFilters',
    description: 'The filters object (Apply and Clear All); it replaces the saved one. null, blank text or [] turns a filter off.',
    examples: [{ maxAge: 40, maxDistance: 100, heightRange: { min: 60, max: 75 }, religion: ['Christian - Catholic'] }],
  },
);
