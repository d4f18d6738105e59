/** Response shapes shared by every module, so openapi.yaml names them once. */
import { Type } from 'typebox';

export const ErrorResponse = Type.Object(
  {
    error: Type.String(),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { $id: 'ErrorResponse', description: 'Every failure: `error` and `detail` carry the message to show.' },
);

export const DetailResponse = Type.Object({ detail: Type.String() }, { $id: 'DetailResponse' });

/** Standard error answers to attach to a route's `response` map. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorResponse') as never]));
}

export const AUTH_HEADER_SECURITY = [{ TokenAuth: [] }];

/** Longest Idempotency-Key, in characters (printable ASCII). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

/** The Idempotency-Key request header of a mutation a client may retry after a lost answer. */
export const idempotencyKeyHeader = (description: string) =>
  Type.Object({
    'idempotency-key': Type.Optional(
      Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$', description }),
    ),
  });
