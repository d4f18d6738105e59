/**
 * One error type with a stable code, and one handler that turns every failure into the one JSON
 * error shape clients read: `{ error, detail }` plus `errors` (field -> messages) for
 * validation. 5xx answers never carry internals; the log keeps them.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { type FieldErrors, noFieldErrors } from '../contract/auth.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { healthOf } from './db/client.ts';

export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly errors?: FieldErrors;
  readonly retryAfter?: number;
  constructor(
    code: string,
    statusCode: number,
    message: string,
    errors?: FieldErrors,
    /** Seconds the client should wait before trying again; sent as Retry-After. */
    retryAfter?: number,
  ) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.errors = errors;
    this.retryAfter = retryAfter;
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError('bad_request', 400, message, errors);
export const unauthorized = (message = 'Authentication credentials were not provided or are invalid.') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') => new AppError('forbidden', 403, message);
export const notFound = (message = 'Not found.') => new AppError('not_found', 404, message);
export const conflict = (message: string) => new AppError('conflict', 409, message);
export const tooManyRequests = (message: string, retryAfter?: number) => new AppError('rate_limited', 429, message, undefined, retryAfter);

/** What a member reads while the database cannot be reached. */
export const UNAVAILABLE_MESSAGE = 'Betroth is briefly unavailable. Please try again in a few seconds.';
export const serviceUnavailable = (retryAfter: number) => new AppError('unavailable', 503, UNAVAILABLE_MESSAGE, undefined, retryAfter);

/** Validation failure from field errors: `error` is the first message, as the client shows it. */
export function validationError(errors: FieldErrors): AppError {
  const first = Object.values(errors).flat()[0] ?? 'Invalid request';
  return badRequest(first, errors);
}

export interface ErrorBody {
  error: string;
  detail: string;
  code: string;
  errors?: FieldErrors;
}

function body(code: string, message: string, errors?: FieldErrors): ErrorBody {
  return errors ? { error: message, detail: message, code, errors } : { error: message, detail: message, code };
}

/** Turns a Fastify/Ajv schema failure into a field map, so clients see which field was wrong. */
function schemaErrors(error: FastifyError): FieldErrors {
  const errors = noFieldErrors();
  for (const item of error.validation ?? []) {
    const missing = (item.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = missing ?? (item.instancePath.replace(/^\//, '').split('/')[0] || 'request');
    const message = missing ? 'This field is required.' : (item.message ?? 'Invalid value');
    (errors[field] ??= []).push(message);
  }
  return errors;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(body(error.code, error.message, error.errors));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a defect: the database went away under this request. The health watch takes it
      // from here (later requests are refused at once until it answers again).
      const health = healthOf(request.server.db);
      health?.report(error);
      request.log.warn({ err: error }, 'request failed: database unavailable');
      reply.header('retry-after', String(health?.retryAfterSeconds ?? 5));
      return reply.status(503).send(body('unavailable', UNAVAILABLE_MESSAGE));
    }
    if (error.validation) {
      const errors = schemaErrors(error);
      const first = Object.values(errors).flat()[0] ?? 'Invalid request';
      const field = Object.keys(errors)[0];
      const message = field && field !== 'request' ? `${field}: ${first}` : first;
      return reply.status(400).send(body('bad_request', message, errors));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body('server_error', 'Server error. Please try again later.'));
    }
    // Framework 4xx (bad JSON, payload too large, unsupported media type): their text is safe.
    return reply.status(status).send(body(error.code ?? 'bad_request', error.message));
  });
}

/** The very answer of an unknown route, as an error: for routes that hide from all but a few callers. */
export const routeNotFound = (method: string, url: string) =>
  new AppError('not_found', 404, `Route ${method} ${url.split('?')[0]} not found.`);

export function sendRouteNotFound(method: string, url: string) {
  return body('not_found', `Route ${method} ${url.split('?')[0]} not found.`);
}
