/**
 * The slice of Stripe's REST API the app uses: create and retrieve a Checkout Session. Requests
 * and answers follow api.stripe.com (form-encoded bodies in, pretty JSON out, Request-Id and
 * Stripe-Version headers, idempotent POSTs, errors in Stripe's shape), so the real SDK needs no
 * change to talk to it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { checkApiKey } from './api-auth.ts';
import { FormBodyError, parseFormBody } from './form-body.ts';
import { BodyTooLargeError, closeAfterResponse, readBody, sendJson } from './http-io.ts';
import type { IdempotencyStore } from './idempotency.ts';
import { randomId } from './ids.ts';
import { type SessionRecord, sessionJson } from './session-json.ts';
import { parseSessionParams } from './session-params.ts';
import type { SessionStore } from './sessions.ts';
import { invalidRequest, resourceMissing, StripeApiError, unknownParam } from './stripe-errors.ts';

export interface ApiContext {
  secretKey: string;
  sessions: SessionStore;
  idempotency: IdempotencyStore;
  /** Base of the hosted page URL handed to browsers for a session (emulator.ts). */
  pageBase: (session: SessionRecord) => string;
  now: () => number;
  log: { warn(obj: object, msg?: string): void };
}

const pageJson = (session: SessionRecord, ctx: ApiContext) => sessionJson(session, ctx.pageBase(session));

const CREATE_ENDPOINT = 'POST /v1/checkout/sessions';
const SESSION_PATH = /^\/v1\/checkout\/sessions\/([^/]+)$/;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function createSession(req: IncomingMessage, ctx: ApiContext): Promise<{ body: unknown; headers: Record<string, string> }> {
  const params = parseFormBody(await readBody(req));
  const key = header(req, 'idempotency-key');
  if (key !== undefined) {
    const replayed = ctx.idempotency.replay(key, CREATE_ENDPOINT, params);
    if (replayed) return { body: replayed.body, headers: { 'Idempotency-Key': key, 'Idempotent-Replayed': 'true' } };
  }
  const input = parseSessionParams(params, Math.floor(ctx.now() / 1000));
  const body = pageJson(ctx.sessions.create(input), ctx);
  if (key === undefined) return { body, headers: {} };
  ctx.idempotency.save(key, CREATE_ENDPOINT, params, { status: 200, body });
  return { body, headers: { 'Idempotency-Key': key } };
}

/** The id as the SDK percent-encoded it; a malformed escape is kept as sent (and matches no session). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function retrieveSession(id: string, query: string, ctx: ApiContext): unknown {
  const params = parseFormBody(query);
  for (const name of Object.keys(params)) {
    if (name === 'expand') throw invalidRequest('The Stripe emulator does not implement expand.', 'expand');
    throw unknownParam(name);
  }
  const session = ctx.sessions.find(id);
  if (!session) throw resourceMissing('checkout.session', id, 'session');
  return pageJson(session, ctx);
}

function errorResponse(error: unknown, req: IncomingMessage, res: ServerResponse, ctx: ApiContext): StripeApiError {
  if (error instanceof StripeApiError) return error;
  if (error instanceof FormBodyError) return invalidRequest(error.message, error.param);
  if (error instanceof BodyTooLargeError) {
    closeAfterResponse(req, res);
    return new StripeApiError(413, 'invalid_request_error', error.message);
  }
  ctx.log.warn({ err: error instanceof Error ? error.stack : String(error), path: req.url }, 'stripe emulator: request failed');
  return new StripeApiError(500, 'api_error', 'The Stripe emulator failed to handle the request.');
}

/** Answers one request under /v1/. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, ctx: ApiContext): Promise<void> {
  const headers = {
    'Request-Id': randomId('req_', 14),
    'Stripe-Version': header(req, 'stripe-version') ?? Stripe.API_VERSION,
  };
  try {
    checkApiKey(header(req, 'authorization'), ctx.secretKey);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const created = await createSession(req, ctx);
      sendJson(res, 200, created.body, { ...headers, ...created.headers });
      return;
    }
    const match = SESSION_PATH.exec(url.pathname);
    if (req.method === 'GET' && match) {
      sendJson(res, 200, retrieveSession(decodePathSegment(match[1]), url.search.slice(1), ctx), headers);
      return;
    }
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method}: ${url.pathname}). The Stripe emulator implements only POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id.`,
    );
  } catch (error) {
    const refusal = errorResponse(error, req, res, ctx);
    const extra: Record<string, string> = refusal.status === 401 ? { 'WWW-Authenticate': 'Basic realm="Stripe"' } : {};
    sendJson(res, refusal.status, refusal.body(), { ...headers, ...extra });
  }
}
