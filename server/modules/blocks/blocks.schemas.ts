/** Request and response contracts of the block routes. */
import { Type } from 'typebox';
import { idSchema } from '../common/index.ts';

export const BlockUserParams = Type.Object({ user_id: idSchema('user', 'User id of the profile (profile.user_id)') });

export const BlockedUser = Type.Object(
  {
    user_id: idSchema('user', 'Pass to unblock'),
    id: idSchema('profile', 'Profile id'),
    username: Type.String(),
    age: Type.Union([Type.Integer(), Type.Null()]),
    photo1_url: Type.Union([Type.String(), Type.Null()]),
    blocked_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const BlockedUsersResponse = Type.Array(BlockedUser, { description: 'Members I blocked, newest first' });
