/** Request and response contracts of the like, likes-list, match and unmatch routes. */
import { Type } from 'typebox';
import { PROFILE_FIELD_BY_NAME, type ProfileFieldDescriptor } from '../../contract/profile-fields.ts';
import { idSchema, profileFieldProperties } from '../common/index.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const LikeBody = Type.Object(
  {
    to_profile_id: idSchema('profile', 'Profile id to like or pass'),
    liked: Type.Boolean({ description: 'true likes, false passes' }),
  },
  { additionalProperties: false },
);

export const LikeResponse = Type.Object({
  match_created: Type.Boolean({ description: 'True only when this like made the match' }),
  match_id: nullable(Type.Integer({ description: 'The pair’s match, new or existing; null without one' })),
});

export const PeerProfileParams = Type.Object({ id: idSchema('profile', 'Peer profile id') });

/** The profile fields a card of the Likes screen shows, typed as the catalogue types them. */
const CARD_FIELDS = [
  'username',
  'photo1_url',
  'home_city',
  'home_state',
  'home_country',
  'height',
  'education',
  'religion',
  'livelihood',
  'relationship_status',
  'number_of_kids_wanted',
].map((name) => PROFILE_FIELD_BY_NAME.get(name) as ProfileFieldDescriptor);

/** A card of the Likes screen. */
export const LikeCard = Type.Object(
  {
    id: idSchema('profile', 'Profile id (opens /profile/{id})'),
    user_id: idSchema('user', 'User id'),
    age: nullable(Type.Integer()),
    verified: Type.Boolean({ description: 'Photo 1 matched a live face scan' }),
    ...profileFieldProperties(CARD_FIELDS, 'stored'),
    liked_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const LikesReceivedResponse = Type.Object({
  likes_received: Type.Array(LikeCard, { description: 'Who liked me, not matched, not blocked either way; newest first' }),
});

export const LikesSentResponse = Type.Object({
  likes_sent: Type.Array(LikeCard, { description: 'Whom I liked, not blocked either way; newest first' }),
});

export const MatchItem = Type.Object(
  {
    match_id: Type.Integer(),
    id: Type.Integer({ description: 'Peer profile id' }),
    user_id: Type.Integer({ description: 'Peer user id' }),
    username: Type.String(),
    age: nullable(Type.Integer()),
    verified: Type.Boolean({ description: 'Photo 1 matched a live face scan' }),
    photo1_url: nullable(Type.String()),
    photo2_url: nullable(Type.String()),
    photo3_url: nullable(Type.String()),
    photo4_url: nullable(Type.String()),
    photo5_url: nullable(Type.String()),
    has_chat_payment: Type.Boolean({ description: 'The chat was unlocked with a credit' }),
    chats: Type.Integer({ description: "The member's own chat-credit balance" }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const MatchesResponse = Type.Object({ matches: Type.Array(MatchItem, { description: 'Newest first' }) });
