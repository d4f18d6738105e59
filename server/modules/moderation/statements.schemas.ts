/** Request and response contracts of the statements of reasons and appeals. */
import { type TSchema, Type } from 'typebox';
import { APPEAL_MAX_LENGTH, STATEMENT_KINDS } from '../../contract/restrictions.ts';
import { REPORT_CATEGORIES } from '../../kernel/db/schema/index.ts';
import { idSchema } from '../common/index.ts';
import { REASON_MAX_LENGTH, RESOLUTIONS } from './moderation.rules.ts';

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
const strictObject = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });
const enumOf = (values: readonly string[], description: string) => Type.Unsafe<string>({ type: 'string', enum: [...values], description });
const time = Type.String({ format: 'date-time' });

export const StatementParams = strictObject({ id: idSchema('statement', 'One of my statements of reasons') });

export const Statement = strictObject({
  id: Type.Integer(),
  kind: enumOf(STATEMENT_KINDS, 'decision: a moderator acted; appeal_upheld / appeal_overturned: the outcome of my appeal'),
  resolution: enumOf(RESOLUTIONS, 'What the decision did'),
  category: enumOf(REPORT_CATEGORIES, 'The ground: the category of the report'),
  category_label: Type.String(),
  decision: Type.String({ description: 'What was done, in words' }),
  facts: Type.String({ description: "The facts: the moderator's reason" }),
  automated: Type.Boolean({ description: 'Whether an automated system took the decision' }),
  restricted_until: nullable(time),
  appeal_until: nullable(time),
  how_to_appeal: Type.String(),
  can_appeal: Type.Boolean({ description: 'A decision, not yet appealed, inside the window' }),
  appeal: enumOf(['none', 'pending', 'upheld', 'overturned'], 'Where my appeal against this decision stands'),
  created_at: time,
});

export const StatementsResponse = strictObject({
  restriction: nullable(
    strictObject({
      kind: enumOf(['suspended', 'banned'], 'The restriction in force now'),
      until: nullable(time),
      since: nullable(time),
    }),
  ),
  statements: Type.Array(Statement),
});

export const AppealBody = strictObject({
  text: Type.String({
    maxLength: 4 * APPEAL_MAX_LENGTH,
    description: `Why the decision should change: trimmed, 1 to ${APPEAL_MAX_LENGTH} characters, no control characters but newline`,
  }),
});

export const AppealDecisionBody = strictObject({
  outcome: enumOf(['uphold', 'overturn'], 'uphold: the decision stands; overturn: the strike is voided and its restriction lifted'),
  reason: Type.String({
    maxLength: 4 * REASON_MAX_LENGTH,
    description: `Why, in words the member will read: trimmed, 1 to ${REASON_MAX_LENGTH} characters`,
  }),
});
