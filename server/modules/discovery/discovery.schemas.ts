/** Request and response contracts of the discovery and saved-filter routes. */
import { Type } from 'typebox';
import { DISCOVERY_PAGE_SIZE } from '../../contract/filters-query.ts';
import { FILTER_DEFAULTS, FILTER_DEFINITIONS } from '../../contract/filters.ts';
import { filterSchema } from '../common/index.ts';
import { PublicProfileResponse } from '../members/index.ts';

export const MAX_PAGE_SIZE = 100;

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
      'lists as repeated key=value (or key[]=value), ranges as key.min / key.max. Without any filter key the saved filters apply.',
  },
);

export const ProfilePage = Type.Object({
  count: Type.Integer({ description: 'Profiles matching, over all pages' }),
  next: Type.Union([Type.String(), Type.Null()], { description: 'Path of the next page, or null' }),
  previous: Type.Union([Type.String(), Type.Null()], { description: 'Path of the previous page, or null' }),
  results: Type.Array(PublicProfileResponse),
});

/** Saved filters as answered: maxAge and maxDistance always, the others when set. */
export const SavedFiltersResponse = Type.Object(
  Object.fromEntries(
    FILTER_DEFINITIONS.map((def) => {
      const schema = filterSchema(def, 'stored');
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
  Object.fromEntries(FILTER_DEFINITIONS.map((def) => [def.key, Type.Optional(filterSchema(def, 'input'))])),
  {
    additionalProperties: true,
    maxProperties: 200,
    'x-validated-by': 'validateFilters',
    description: 'The filters object (Apply and Clear All); it replaces the saved one. null, blank text or [] turns a filter off.',
    examples: [{ maxAge: 40, maxDistance: 100, heightRange: { min: 60, max: 75 }, religion: ['Christian - Catholic'] }],
  },
);
