/**
 * Request and response contracts of the profile routes, derived from the field catalogue
 * (server/contract/profile-fields.ts) so a new field appears everywhere at once.
 *
 * The own profile and another member's profile are two different schemas: the response
 * serializer drops every property a schema does not name, so email, phone and date_of_birth
 * cannot reach another member even if a service forgot to remove them.
 */
import { type TSchema, Type } from 'typebox';
import {
  EDITABLE_PROFILE_FIELDS,
  PROFILE_FIELDS,
  type ProfileFieldDescriptor,
} from '../../contract/profile-fields.ts';

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

/** Fields only the member sees on their own profile (part 1 section 6). */
export const PRIVATE_FIELDS = ['email', 'phone', 'date_of_birth'] as const;

function valueSchema(field: ProfileFieldDescriptor): TSchema {
  const description = field.unit ? `${field.label} (${field.unit})` : field.label;
  switch (field.kind) {
    case 'integer':
      return nullable(Type.Integer({ description }));
    case 'number':
      return nullable(Type.Number({ description }));
    case 'boolean':
      return nullable(Type.Boolean({ description }));
    case 'multiselect':
      return nullable(Type.Array(Type.String(), { description }));
    case 'select':
      return field.options?.every((o) => typeof o === 'number')
        ? nullable(Type.Integer({ description }))
        : nullable(Type.String({ description }));
    case 'date':
      return nullable(Type.String({ format: 'date', description }));
    case 'text':
      return field.name === 'username' ? Type.String({ description }) : nullable(Type.String({ description }));
  }
}

const catalogueProperties = (exclude: readonly string[]) =>
  Object.fromEntries(PROFILE_FIELDS.filter((f) => !exclude.includes(f.name)).map((f) => [f.name, valueSchema(f)]));

const identity = {
  id: Type.Integer({ description: 'Profile id' }),
  user_id: Type.Integer({ description: 'User id (blocks take this one)' }),
  age: nullable(Type.Integer({ description: 'Whole years from date_of_birth' })),
};

export const OwnProfileResponse = Type.Object(
  {
    ...identity,
    ...catalogueProperties([]),
    email: Type.String(),
    chats: Type.Integer({ description: 'Chat-credit balance' }),
    location_latitude: nullable(Type.Number({ description: 'Derived from home_city/state/country' })),
    location_longitude: nullable(Type.Number({ description: 'Derived from home_city/state/country' })),
  },
  { additionalProperties: false, description: "The member's own profile, private fields included." },
);

export const PublicProfileResponse = Type.Object(
  {
    ...identity,
    ...catalogueProperties(PRIVATE_FIELDS),
    distance: nullable(Type.Integer({ description: 'Whole miles from the viewer, at least 1; null without both locations' })),
    is_liked: Type.Boolean({ description: 'Whether the viewer liked this profile' }),
  },
  { additionalProperties: false, description: "Another member's profile: never email, phone or date_of_birth." },
);

function patchDescription(field: ProfileFieldDescriptor): string {
  const parts = [field.label, field.kind];
  if (field.unit) parts.push(field.unit);
  if (field.min !== undefined && field.max !== undefined) parts.push(`${field.min}..${field.max}`);
  if (field.kind === 'multiselect') parts.push('a list or a comma-separated string');
  return parts.join(', ');
}

/**
 * Values are checked by cleanProfilePatch (so the answer carries the catalogue's messages per
 * field), not by Ajv: each property accepts anything here, and unknown names are let through
 * to be reported as 'Unknown field'.
 */
export const ProfilePatchBody = Type.Object(
  Object.fromEntries(
    EDITABLE_PROFILE_FIELDS.map((f) => [f.name, Type.Optional(Type.Unknown({ description: patchDescription(f) }))]),
  ),
  {
    additionalProperties: true,
    maxProperties: 200,
    description:
      'Any subset of the editable fields. Empty strings clear a field; alias fields (city, state, country, homeCity, homeState, homeCountry) are ignored.',
  },
);

export const ProfileIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Profile id' }),
});

export const CompletenessResponse = Type.Object({
  completion_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  is_complete: Type.Boolean(),
  missing_fields: Type.Array(Type.String(), { description: 'Required field names still empty, in edit-screen order' }),
});

export const WorldRegionsResponse = Type.Array(
  Type.Object({ country: Type.String(), name: Type.String() }),
  { description: 'Regions of every country (the 50 states for the United States)' },
);
