/**
 * Another member's profile as every route shows it (profile view, discovery): the catalogue's
 * fields without the private ones, plus distance, is_liked and (on a single profile's view) the
 * viewer's match with it. The response serializer drops
 * every property this schema does not name, so email, phone and date_of_birth cannot reach
 * another member even if a service forgot to remove them.
 */
import { type TSchema, Type } from 'typebox';
import { PROFILE_FIELDS } from '../../contract/profile-fields.ts';
import { idSchema, profileFieldProperties } from '../common/index.ts';

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

/** Fields only the member sees on their own profile. */
export const PRIVATE_FIELDS = ['email', 'phone', 'date_of_birth'] as const;

/** What identifies a profile in every answer, own or another member's. */
export const profileIdentity = {
  id: idSchema('profile', 'Profile id'),
  user_id: idSchema('user', 'User id (blocks take this one)'),
  age: nullable(Type.Integer({ description: 'Whole years from date_of_birth' })),
  verified: Type.Boolean({ description: 'Photo 1 passed moderation and matched a live face scan' }),
};

export const PublicProfileResponse = Type.Object(
  {
    ...profileIdentity,
    ...profileFieldProperties(
      PROFILE_FIELDS.filter((f) => !(PRIVATE_FIELDS as readonly string[]).includes(f.name)),
      'stored',
    ),
    distance: nullable(Type.Integer({ minimum: 1, description: 'Whole miles from the viewer, at least 1; null without both locations' })),
    is_liked: Type.Boolean({ description: 'Whether the viewer liked this profile' }),
    match_id: Type.Optional(
      nullable(
        Type.Integer({
          description:
            "The viewer's match with this profile (its chat is /chat/{match_id}); null without one. On a single profile's view only",
        }),
      ),
    ),
  },
  { additionalProperties: false, description: "Another member's profile: never email, phone or date_of_birth." },
);
