/** Request and response contracts of the block routes. */
import { Type } from 'typebox';
import { PROFILE_FIELD_BY_NAME, type ProfileFieldDescriptor } from '../../contract/profile-fields.ts';
import { idSchema, profileFieldProperties } from '../common/index.ts';

/**
 * What a card of the Likes screen shows beside the photo, name and age, as for the other two
 * tabs: where they live and the six facts discovery shows.
 */
export const BLOCKED_CARD_FIELDS = [
  'home_city',
  'home_state',
  'home_country',
  'height',
  'education',
  'religion',
  'livelihood',
  'relationship_status',
  'number_of_kids_wanted',
] as const;

export const BlockUserParams = Type.Object({ user_id: idSchema('user', 'User id of the profile (profile.user_id)') });

export const BlockedUser = Type.Object(
  {
    user_id: idSchema('user', 'Pass to unblock'),
    id: idSchema('profile', 'Profile id'),
    username: Type.String(),
    age: Type.Union([Type.Integer(), Type.Null()]),
    photo1_url: Type.Union([Type.String(), Type.Null()]),
    ...profileFieldProperties(
      BLOCKED_CARD_FIELDS.map((name) => PROFILE_FIELD_BY_NAME.get(name) as ProfileFieldDescriptor),
      'stored',
    ),
    blocked_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const BlockedUsersResponse = Type.Array(BlockedUser, { description: 'Members I blocked, newest first' });
