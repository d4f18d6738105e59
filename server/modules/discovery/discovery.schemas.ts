/** Request and response contracts of the discovery and saved-filter routes. */
import { type TSchema, Type } from 'typebox';
import { FILTER_DEFINITIONS, type FilterDefinition } from '../../contract/filters.ts';
import { PublicProfileResponse } from '../profiles/profiles.schemas.ts';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const DiscoveryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: '1-based page number' })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Profiles per page' }),
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

function filterValueSchema(def: FilterDefinition): TSchema {
  const description = [def.unit, def.off !== undefined ? `${def.off} = off` : undefined].filter(Boolean).join(', ');
  const options = def.options?.map(String);
  switch (def.kind) {
    case 'upTo':
      return Type.Number({ minimum: def.min, maximum: def.max, description });
    case 'text':
      return Type.String();
    case 'range':
      return Type.Object({ min: Type.Number(), max: Type.Number() }, { description: def.unit ?? 'rating values' });
    case 'option':
      return Type.String({ description: options ? `One of: ${options.join(' | ')}` : undefined });
    case 'list':
      return Type.Array(Type.String(), { description: options ? `Any of: ${options.join(' | ')}` : undefined });
  }
}

export const SavedFiltersResponse = Type.Object(
  Object.fromEntries(
    FILTER_DEFINITIONS.map((def) => {
      const schema = filterValueSchema(def);
      return [def.key, def.key === 'maxAge' || def.key === 'maxDistance' ? schema : Type.Optional(schema)];
    }),
  ),
  { additionalProperties: false, description: 'Saved discovery filters merged over the defaults (maxAge 100, maxDistance 5000)' },
);

/**
 * Checked by validateFilters (so each key gets the catalogue's message), not by Ajv: every
 * property accepts anything here and unknown keys are reported as 'Unknown filter'.
 */
export const SavedFiltersBody = Type.Object(
  Object.fromEntries(FILTER_DEFINITIONS.map((def) => [def.key, Type.Optional(Type.Unknown())])),
  { additionalProperties: true, maxProperties: 200, description: 'The filters object (Apply and Clear All); null, "" or [] turns a filter off' },
);
