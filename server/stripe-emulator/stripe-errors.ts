/**
 * Errors in the shape Stripe's API answers with, `{ error: { type, message, param?, code? } }`,
 * at the status Stripe uses. The SDK picks its typed error from the status and type
 * (400/404 -> StripeInvalidRequestError, or StripeIdempotencyError for type idempotency_error;
 * 401 -> StripeAuthenticationError), so both must match for the app's error handling to be tested.
 */

export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  error: { type: StripeErrorType; message: string; param?: string; code?: string };
}

export class StripeApiError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly details: { param?: string; code?: string };
  constructor(status: number, type: StripeErrorType, message: string, details: { param?: string; code?: string } = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.details = details;
  }

  body(): StripeErrorBody {
    return { error: { type: this.type, message: this.message, ...this.details } };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, {
    ...(param === undefined ? {} : { param }),
    ...(code === undefined ? {} : { code }),
  });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string) => invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

export const emptyParam = (param: string) =>
  invalidRequest(
    `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    param,
    'parameter_invalid_empty',
  );

export const resourceMissing = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { param, code: 'resource_missing' });
