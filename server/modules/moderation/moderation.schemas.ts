/** Request and response contracts of the moderation routes. */
import { type TSchema, Type } from 'typebox';
import { REPORT_CATEGORIES, REPORT_STATES } from '../../kernel/db/schema/index.ts';
import { idSchema } from '../common/index.ts';
import { REASON_MAX_LENGTH, RESOLUTIONS } from './moderation.rules.ts';
import { QUEUE_PAGE_DEFAULT, QUEUE_PAGE_MAX } from './queue.service.ts';

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
const strictObject = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
const enumOf = (values: readonly string[], description: string) => Type.Unsafe<string>({ type: 'string', enum: [...values], description });
const time = Type.String({ format: 'date-time' });
const count = Type.Integer({ minimum: 0 });

export const ReportParams = strictObject({ id: idSchema('report', 'The report') });

export const QueueQuery = strictObject({
  cursor: Type.Optional(idSchema('report', 'next_cursor of the previous page: the queue continues after that report')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: QUEUE_PAGE_MAX, default: QUEUE_PAGE_DEFAULT, description: 'Items per page' })),
});

/**
 * One flat object rather than a union, so a wrong body gets a sentence about the field that is
 * wrong: `act` needs a resolution and a reason, `dismiss` takes neither (the service says so).
 */
export const DecideBody = strictObject({
  action: enumOf(['dismiss', 'act'], 'dismiss: no action against the member; act: a strike, and for a suspension or ban the restriction'),
  resolution: Type.Optional(enumOf(RESOLUTIONS, 'With act: what is done to the reported member')),
  reason: Type.Optional(
    Type.String({
      maxLength: 4 * REASON_MAX_LENGTH,
      description: `With act: why, in words the member will read: trimmed, 1 to ${REASON_MAX_LENGTH} characters, no control characters but newline`,
    }),
  ),
});

const Strike = strictObject({
  id: Type.Integer(),
  report_id: Type.Integer(),
  resolution: enumOf(RESOLUTIONS, 'What was done'),
  created_at: time,
  voided_at: nullable(time),
});

const itemProperties = {
  id: Type.Integer(),
  category: enumOf(REPORT_CATEGORIES, 'Why the member was reported'),
  critical: Type.Boolean({ description: 'A critical category: shown first, its ladder starts higher' }),
  note: nullable(Type.String()),
  state: enumOf(REPORT_STATES, 'Where the report stands'),
  resolution: nullable(enumOf(RESOLUTIONS, 'The action taken')),
  created_at: time,
  age_seconds: count,
  assignee: nullable(strictObject({ user_id: Type.Integer(), username: Type.String() })),
  evidence: strictObject({
    sha256: Type.String({ description: 'sha256 of the filing snapshot' }),
    snapshots: count,
    url: Type.String({ description: 'Where the snapshots are read in full' }),
  }),
  reported: strictObject({
    user_id: nullable(Type.Integer()),
    username: nullable(Type.String()),
    other_reports: Type.Integer({ minimum: 0, description: 'Other reports of this member, in any state' }),
    live_strikes: count,
    strikes: Type.Array(Strike),
    suspended_until: nullable(time),
    banned_at: nullable(time),
  }),
  reporter: strictObject({
    user_id: nullable(Type.Integer()),
    username: nullable(Type.String()),
    resolved: Type.Integer({ minimum: 0, description: 'Reports by this reporter that were decided' }),
    dismissed: Type.Integer({ minimum: 0, description: 'Of those, how many were dismissed' }),
    low_weight: Type.Boolean({ description: 'At least 5 resolved and 70% or more of them dismissed' }),
  }),
  recommended: enumOf(RESOLUTIONS, "The strike ladder's advice for an action"),
};

export const QueueItem = strictObject(itemProperties);

export const QueueResponse = strictObject({
  items: Type.Array(QueueItem),
  next_cursor: nullable(Type.Integer({ description: 'Pass as cursor for the next page; null on the last page' })),
});

export const ReportResponse = strictObject({
  ...itemProperties,
  evidence_snapshots: Type.Array(
    strictObject({
      kind: Type.String(),
      sha256: Type.String(),
      created_at: time,
      snapshot: Type.Object({}, { additionalProperties: true, description: 'The evidence as filed (messages, profile, photo hashes)' }),
    }),
  ),
  other_reports: Type.Array(
    strictObject({
      id: Type.Integer(),
      category: Type.String(),
      state: Type.String(),
      resolution: nullable(Type.String()),
      created_at: time,
    }),
  ),
  history: Type.Array(
    strictObject({
      at: time,
      actor_id: nullable(Type.Integer()),
      action: Type.String(),
      from_state: nullable(Type.String()),
      to_state: nullable(Type.String()),
      detail: Type.Object({}, { additionalProperties: true }),
    }),
  ),
  appeal: nullable(
    strictObject({
      text: Type.String({ description: 'The member’s appeal, as they wrote it' }),
      created_at: time,
      outcome: nullable(Type.String({ description: 'upheld or overturned once decided' })),
      decided_at: nullable(time),
    }),
  ),
});
