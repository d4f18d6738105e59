/** Response contract of the public region list. */
import { Type } from 'typebox';

export const WorldRegionsResponse = Type.Array(Type.Object({ country: Type.String(), name: Type.String() }), {
  description: 'Regions of every country (the 50 states for the United States)',
});

export const CitySearchQuery = Type.Object(
  {
    country: Type.String({ minLength: 1, maxLength: 100, description: 'The chosen country' }),
    state: Type.Optional(Type.String({ maxLength: 100, description: 'The chosen US state (needed in the United States)' })),
    q: Type.String({ minLength: 1, maxLength: 100, description: 'What the member typed so far' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10, description: 'At most this many names' })),
  },
  { additionalProperties: false },
);

export const CitySearchResponse = Type.Object({
  cities: Type.Array(Type.String(), { description: 'Place names a profile save accepts, best match first' }),
});
