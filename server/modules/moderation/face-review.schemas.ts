/** Request and response contracts of the moderators' face queue. */
import { type TSchema, Type } from 'typebox';
import { idSchema } from '../common/index.ts';
import { REASON_MAX_LENGTH } from './moderation.rules.ts';
import { QUEUE_PAGE_DEFAULT, QUEUE_PAGE_MAX } from './queue.service.ts';

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
const strictObject = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });

export const FaceParams = strictObject({ user_id: idSchema('user', 'The account whose face print waits for a look') });

export const FaceQueueQuery = strictObject({
  cursor: Type.Optional(idSchema('user', 'next_cursor of the previous page: the queue continues after that print')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: QUEUE_PAGE_MAX, default: QUEUE_PAGE_DEFAULT, description: 'Items per page' })),
});

const Account = {
  user_id: Type.Integer(),
  username: nullable(Type.String()),
  photo1_url: nullable(Type.String({ description: 'Photo 1 as stored (a media reference)' })),
};

export const FaceQueueResponse = strictObject({
  items: Type.Array(
    strictObject({
      ...Account,
      matched: nullable(strictObject(Account)),
      created_at: Type.String({ format: 'date-time' }),
      age_seconds: Type.Integer({ minimum: 0 }),
    }),
  ),
  next_cursor: nullable(Type.Integer({ description: 'Pass as cursor for the next page; null on the last page' })),
});

export const FaceDecisionBody = strictObject({
  outcome: Type.Unsafe<'distinct' | 'same_person'>({
    type: 'string',
    enum: ['distinct', 'same_person'],
    description: 'distinct: two people who look alike (the badge is granted); same_person: one person on two accounts (no badge)',
  }),
  reason: Type.String({ maxLength: 4 * REASON_MAX_LENGTH, description: `Why: trimmed, 1 to ${REASON_MAX_LENGTH} characters` }),
});

export const FaceDecisionResponse = strictObject({
  user_id: Type.Integer(),
  review_state: Type.String({ description: 'clear (badge granted) or declined' }),
});
