/** Request and response contracts of the report route. */
import { Type } from 'typebox';
import { REPORT_CATEGORIES, type ReportCategory } from '../../kernel/db/schema/index.ts';
import { idSchema, idempotencyKeyHeader } from '../common/index.ts';
import { MAX_MESSAGE_IDS, NOTE_MAX_LENGTH, RAW_NOTE_MAX_LENGTH } from './reports.rules.ts';

export const ReportBody = Type.Object(
  {
    user_id: idSchema('user', 'The member reported (profile.user_id)'),
    category: Type.Unsafe<ReportCategory>({ type: 'string', enum: [...REPORT_CATEGORIES], description: 'Why the member is reported' }),
    note: Type.Optional(
      Type.String({
        maxLength: RAW_NOTE_MAX_LENGTH,
        description: `What happened, in the reporter's words: trimmed, at most ${NOTE_MAX_LENGTH} characters, no control characters but newline`,
      }),
    ),
    message_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
        maxItems: MAX_MESSAGE_IDS,
        uniqueItems: true,
        description: `Up to ${MAX_MESSAGE_IDS} messages the reported member sent me in our chat, each once`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const ReportHeaders = idempotencyKeyHeader(
  'Printable ASCII, one per report attempt: a retry with the same key answers the first result and writes nothing more',
);

export const ReportResponse = Type.Object(
  {
    id: Type.Integer({ description: 'The report (the same id when a repeat joined an open report)' }),
    detail: Type.String(),
  },
  { additionalProperties: false },
);
