/** Contracts of the chat-unlock routes: spend a credit on a match, end it, cancel its payment. */
import { Type } from 'typebox';
import { idSchema, idempotencyKeyHeader } from '../common/index.ts';

export const MatchIdBody = Type.Object({ match_id: idSchema('match', 'The match whose chat this is') }, { additionalProperties: false });

export const MatchParams = Type.Object({ id: idSchema('match', 'The match whose chat this is') });

export const ChatAccessResponse = Type.Object(
  {
    detail: Type.String(),
    match_id: Type.Integer(),
    chat_unlocked: Type.Boolean(),
    /** True only when this call took a credit (unlocking an open chat costs nothing). */
    charged: Type.Boolean(),
    current_credits: Type.Integer({ minimum: 0, description: "The caller's balance after this call" }),
  },
  { additionalProperties: false },
);

export const UnlockHeaders = idempotencyKeyHeader(
  'Printable ASCII, one per unlock attempt: a retry with the same key answers the first result (charged as it was) and spends nothing more',
);
