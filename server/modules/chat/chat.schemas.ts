/** Request and response contracts of the chat routes. The id in every path is the MATCH id. */
import { Type } from 'typebox';
import { idSchema, idempotencyKeyHeader } from '../common/index.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RAW_MESSAGE_MAX_LENGTH } from './chat.rules.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ChatParams = Type.Object({ id: idSchema('match', 'The match whose chat this is') });

/** A message id as a cursor or read position: 0 means "before the first message". */
const messageCursor = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const ChatQuery = Type.Object(
  {
    after_id: Type.Optional(messageCursor('Only messages newer than this id, oldest first (the poll); has_more: newer ones remain')),
    before_id: Type.Optional(messageCursor('Only messages older than this id (an older page); has_more: older ones remain')),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE_SIZE,
        default: DEFAULT_PAGE_SIZE,
        description: `Messages per page, 1..${MAX_PAGE_SIZE}`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const ChatMessage = Type.Object(
  {
    id: Type.Integer({ description: 'Increases with every message of the chat' }),
    fromProfileId: Type.Integer({ description: 'The sender (a profile id)' }),
    message: Type.String({ description: "Trimmed text; '' for a photo without a caption" }),
    createdAt: Type.String({ format: 'date-time' }),
    photo_thumbnail_url: nullable(Type.String({ description: 'Signed for the caller, expiring within two hours' })),
    photo_url: nullable(Type.String({ description: 'The full size, signed for the caller' })),
  },
  { additionalProperties: false },
);

export const ChatResponse = Type.Object(
  {
    chat_unlocked: Type.Boolean({ description: 'False: the chat is locked and shows no messages' }),
    messages: Type.Array(ChatMessage, { description: 'Oldest first' }),
    has_more: Type.Boolean({
      description: 'More messages beyond this page in the direction read: older ones (no cursor, before_id) or newer ones (after_id)',
    }),
    peer_last_read_message_id: nullable(
      Type.Integer({
        description:
          'The newest message the peer has read (0: none yet); null when either member turned read receipts off or the chat is locked',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SendMessageBody = Type.Object(
  {
    message: Type.Optional(Type.String({ maxLength: RAW_MESSAGE_MAX_LENGTH, description: 'Text, trimmed; at most 2000 characters' })),
    uploadId: Type.Optional(
      Type.String({
        format: 'uuid',
        'x-id-of': 'upload',
        description: "My approved upload made for a chat (fieldName 'chat'), not sent before",
      }),
    ),
  },
  { additionalProperties: false },
);

export const SendMessageHeaders = idempotencyKeyHeader(
  'Printable ASCII, unique per message: a retry with the same key answers the first message (200) and stores nothing',
);

export const SendMessageResponse = Type.Object({ message: ChatMessage }, { additionalProperties: false });

export const MarkReadBody = Type.Object(
  { last_read_message_id: messageCursor('The newest message I have read; the position only moves forward') },
  { additionalProperties: false },
);

export const MarkReadResponse = Type.Object(
  { last_read_message_id: Type.Integer({ description: 'My read position after this call (never past the newest message)' }) },
  { additionalProperties: false },
);

export const ChatSettings = Type.Object(
  { send_read_receipts: Type.Boolean({ description: 'Whether my chat partners see what I have read; off also hides theirs from me' }) },
  { additionalProperties: false },
);
