/** Request and response contracts of the like, likes-list, match and unmatch routes. */
import { Type } from 'typebox';
import { PROFILE_FIELD_BY_NAME, type ProfileFieldDescriptor } from '../../contract/profile-fields.ts';
import { PREVIEW_LENGTH, UNREAD_CAP } from '../chat/index.ts';
import { idSchema, profileFieldProperties } from '../common/index.ts';
import { NEW_MATCHES_LIMIT } from './likes.rules.ts';

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

/** What the matches list shows of a chat's newest message: a preview, never the whole text. */
export const LastMessage = Type.Object(
  {
    id: Type.Integer(),
    from_me: Type.Boolean({ description: 'I sent it' }),
    text: Type.String({
      maxLength: PREVIEW_LENGTH,
      description: `The first ${PREVIEW_LENGTH} characters of the text; empty for a photo without a caption`,
    }),
    has_photo: Type.Boolean(),
    sent_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

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
    last_message: Type.Union([LastMessage, Type.Null()], {
      description: 'The newest message I can see in the chat; null while it is locked, empty or cleared by me',
    }),
    unread_count: Type.Integer({
      minimum: 0,
      maximum: UNREAD_CAP,
      description: `The peer's messages I have not read (0 while locked), counted up to ${UNREAD_CAP}`,
    }),
    last_activity_at: Type.String({
      format: 'date-time',
      description: 'The newest of: the match, its unlock, its newest message I can see',
    }),
  },
  { additionalProperties: false },
);

export const MatchesResponse = Type.Object({ matches: Type.Array(MatchItem, { description: 'Latest activity first' }) });

export const MatchParams = Type.Object({ id: idSchema('match', 'The match') });

/** A match whose moment ("It's a match") I have not seen, with what that screen shows of the peer. */
export const NewMatch = Type.Object(
  {
    match_id: Type.Integer(),
    id: Type.Integer({ description: 'Peer profile id' }),
    user_id: Type.Integer({ description: 'Peer user id' }),
    username: Type.String(),
    age: nullable(Type.Integer()),
    verified: Type.Boolean({ description: 'Photo 1 matched a live face scan' }),
    photo1_url: nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const NewMatchesResponse = Type.Object({
  new_matches: Type.Array(NewMatch, { description: `Matches I have not seen yet, newest first, at most ${NEW_MATCHES_LIMIT}` }),
});
