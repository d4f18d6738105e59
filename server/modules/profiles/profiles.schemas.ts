/**
 * Request and response contracts of the profile routes, derived from the field catalogue
 * (server/contract/profile-fields.ts) so a new field appears everywhere at once.
 *
 * The own profile and another member's profile are two different schemas: the response
 * serializer drops every property a schema does not name, so email, phone and date_of_birth
 * cannot reach another member even if a service forgot to remove them.
 */
import { type TSchema, Type } from 'typebox';
import { EDITABLE_PROFILE_FIELDS, PROFILE_FIELDS } from '../../contract/profile-fields.ts';
import { idSchema, profileFieldProperties } from '../common/index.ts';
import { profileIdentity } from '../members/index.ts';

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

/** Where the member's photo 1 stands with the Verified badge (see photoVerification in the service). */
export const PHOTO_VERIFICATION_STATES = ['none', 'unverified', 'pending_review', 'verified'] as const;
export type PhotoVerification = (typeof PHOTO_VERIFICATION_STATES)[number];

export const OwnProfileResponse = Type.Object(
  {
    ...profileIdentity,
    ...profileFieldProperties(PROFILE_FIELDS, 'stored'),
    email: Type.String({ format: 'email' }),
    chats: Type.Integer({ minimum: 0, description: 'Chat-credit balance' }),
    location_latitude: nullable(Type.Number({ minimum: -90, maximum: 90, description: 'Derived from home_city/state/country' })),
    location_longitude: nullable(Type.Number({ minimum: -180, maximum: 180, description: 'Derived from home_city/state/country' })),
    photo_verification: Type.Union(
      [Type.Literal('none'), Type.Literal('unverified'), Type.Literal('pending_review'), Type.Literal('verified')],
      {
        description:
          'Photo 1 and the Verified badge: none (no photo 1), unverified (no matching face scan yet: bind one to photo1_upload_id), ' +
          'pending_review (the scan matched, the same face is verified on another account: a person reviews it), verified',
      },
    ),
    photo1_upload_id: nullable(
      Type.String({
        format: 'uuid',
        'x-id-of': 'upload',
        description: 'The approved photo 1 upload, for POST /uploads/{id}/liveness/ (verify later)',
      }),
    ),
  },
  { additionalProperties: false, description: "The member's own profile, private fields included." },
);

/**
 * Every property is typed as the catalogue says, but the body is checked by cleanProfilePatch
 * (`x-validated-by`), which accepts exactly these types and answers each refused field with the
 * catalogue's own message; unknown names reach it too and are reported as 'Unknown field'.
 */
const optional = (properties: Record<string, TSchema>) =>
  Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)]));

export const ProfilePatchBody = Type.Object(optional(profileFieldProperties(EDITABLE_PROFILE_FIELDS, 'input')), {
  additionalProperties: true,
  maxProperties: 200,
  'x-validated-by': 'cleanProfilePatch',
  description:
    'Any subset of the editable fields. null or blank text clears a field; alias fields (city, state, country, homeCity, homeState, homeCountry) are ignored.',
  examples: [{ height: 170, weight: 65, gender: 'Woman', tattoos: ['No tattoos'], cookbook: true, face_self_rating: 8 }],
});

export const ProfileIdParams = Type.Object({ id: idSchema('profile', 'Profile id') });

export const CompletenessResponse = Type.Object({
  completion_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  is_complete: Type.Boolean(),
  missing_fields: Type.Array(Type.String(), { description: 'Required field names still empty, in edit-screen order' }),
});
