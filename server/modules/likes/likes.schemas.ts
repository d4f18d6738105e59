/** Request and response contracts of the like, likes-list, match and unmatch routes. */
import { Type } from 'typebox';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const LikeBody = Type.Object(
  {
    to_profile_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Profile id to like or pass' }),
    liked: Type.Boolean({ description: 'true likes, false passes' }),
  },
  { additionalProperties: false },
);

export const LikeResponse = Type.Object({
  match_created: Type.Boolean({ description: 'True only when this like made the match' }),
  match_id: nullable(Type.Integer({ description: 'The pair’s match, new or existing; null without one' })),
});

export const PeerProfileParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Peer profile id' }),
});

/** A card of the Likes screen (part 2 section 2). */
export const LikeCard = Type.Object(
  {
    id: Type.Integer({ description: 'Profile id (opens /profile/{id})' }),
    user_id: Type.Integer(),
    username: Type.String(),
    age: nullable(Type.Integer()),
    photo1_url: nullable(Type.String()),
    home_city: nullable(Type.String()),
    home_state: nullable(Type.String()),
    home_country: nullable(Type.String()),
    height: nullable(Type.Integer({ description: 'cm' })),
    education: nullable(Type.String()),
    religion: nullable(Type.String()),
    livelihood: nullable(Type.String()),
    relationship_status: nullable(Type.String()),
    number_of_kids_wanted: nullable(Type.String()),
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
