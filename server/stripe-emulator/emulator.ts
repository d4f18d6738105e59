/**
 * A local stand-in for api.stripe.com and checkout.stripe.com, for development and tests when no
 * STRIPE_SECRET_KEY is configured. The app talks to it with the real stripe SDK pointed here
 * (`new Stripe(secretKey, emulator.sdkOptions)`), so the payment code is the code that runs
 * against Stripe: it creates and retrieves Checkout Sessions, the browser pays on a hosted test
 * page, and signed webhooks come back. See README.md for what is and is not emulated.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, type ApiContext } from './api-routes.ts';
import { DeliveryQueue, type Deliver, type DeliveryLog, type EventDeliveryInfo, type RetryPolicy } from './deliveries.ts';
import { buildEvent } from './events.ts';
import { sendJson } from './http-io.ts';
import { IdempotencyStore } from './idempotency.ts';
import { handlePage } from './page-routes.ts';
import { type SessionRecord, sessionJson } from './session-json.ts';
import { SessionStore } from './sessions.ts';
import { StripeApiError } from './stripe-errors.ts';

export { SessionStateError } from './sessions.ts';

export interface StripeEmulatorOptions {
  /** Throws if 'production': the emulator is never used in production. */
  nodeEnv: string;
  /** The API key the SDK must present (Authorization: Bearer <key>); anything else -> 401. */
  secretKey: string;
  /** 'whsec_...'; every delivery is signed with Stripe's scheme. */
  webhookSecret: string;
  /** Sends one webhook delivery; returns the HTTP status. null = events are recorded but not delivered. */
  deliver: Deliver | null;
  /**
   * The address to listen on; default 127.0.0.1. A wildcard (0.0.0.0, ::) makes the hosted page
   * reachable at every address of the machine, as the app is when it listens on one.
   */
  host?: string;
  /** Default 0 = a free port. */
  port?: number;
  /**
   * Base of the hosted checkout page URLs handed to browsers. Default: the host of the session's
   * success_url at the emulator's port, so a member who opened the app at 127.0.0.1 or at the
   * machine's LAN address (from a phone) reaches the page the same way they reach the app.
   */
  publicUrl?: string;
  /** Default 8 attempts, 1000 ms doubling, at most 60_000 ms apart. */
  retry?: RetryPolicy;
  log?: DeliveryLog;
  /** The clock, in milliseconds since the epoch (default Date.now); tests move it to expire sessions. */
  now?: () => number;
}

export interface StripeEmulator {
  /** http://host:port */
  readonly url: string;
  readonly sdkOptions: { host: string; port: number; protocol: 'http' };
  /** What the hosted page's buttons do: 'paid' completes paid; 'async' completes unpaid and waits for settleAsync. */
  pay(sessionId: string, outcome?: 'paid' | 'async'): Promise<{ redirectTo: string }>;
  cancel(sessionId: string): Promise<{ redirectTo: string }>;
  /** Settles an 'async' payment: checkout.session.async_payment_succeeded (paid) or ..._failed. */
  settleAsync(sessionId: string, succeeded: boolean): Promise<void>;
  /** Every event created so far with its delivery record. */
  events(): EventDeliveryInfo[];
  /** Delivers an already-created event again (as the dashboard's "resend"), same event id. */
  resend(eventId: string): Promise<number>;
  /** Resolves when no delivery is pending or waiting for a retry. */
  idle(): Promise<void>;
  setDeliver(deliver: StripeEmulatorOptions['deliver']): void;
  /** Stops the server and every pending retry timer. */
  close(): Promise<void>;
}

/** The host (name or bracketed IPv6 address) of a return URL; localhost when it has none. */
function returnHost(successUrl: string): string {
  try {
    return new URL(successUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseDelayMs: 1000, maxDelayMs: 60_000 };
const SILENT: DeliveryLog = { info: () => {}, warn: () => {} };
/** How often open sessions past expires_at are expired (and their event sent) without being looked at. */
const EXPIRY_SWEEP_MS = 60_000;

function checkOptions(options: StripeEmulatorOptions): void {
  if (options.nodeEnv === 'production') throw new Error('The Stripe emulator must never run in production: configure STRIPE_SECRET_KEY.');
  if (!options.secretKey.trim()) throw new Error('The Stripe emulator needs a secretKey.');
  if (!options.webhookSecret.trim()) throw new Error('The Stripe emulator needs a webhookSecret.');
  const retry = options.retry;
  if (retry && (!Number.isInteger(retry.attempts) || retry.attempts < 1 || retry.baseDelayMs < 0 || retry.maxDelayMs < 0)) {
    throw new Error('The Stripe emulator retry policy needs attempts >= 1 and delays >= 0.');
  }
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  checkOptions(options);
  const now = options.now ?? Date.now;
  const log = options.log ?? SILENT;
  const host = options.host ?? '127.0.0.1';

  // Requests are answered once everything below exists; until then (never in practice) a 503.
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) =>
    sendJson(res, 503, new StripeApiError(503, 'api_error', 'The Stripe emulator is starting.').body());
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.warn({ err: error instanceof Error ? error.stack : String(error) }, 'stripe emulator: request failed');
      if (!res.headersSent) sendJson(res, 500, new StripeApiError(500, 'api_error', 'The Stripe emulator failed.').body());
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // The SDK (in this process) talks to the loopback address when the emulator listens on all.
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const pageBase = (session: SessionRecord) => publicUrl ?? `http://${returnHost(session.input.successUrl)}:${port}`;

  const deliveries = new DeliveryQueue(options.deliver, { secret: options.webhookSecret, retry: options.retry ?? DEFAULT_RETRY, now, log });
  const sessions = new SessionStore({
    now,
    onEvent: (type, session) => {
      const { event, body } = buildEvent(
        type,
        sessionJson(session, pageBase(session)),
        Math.floor(now() / 1000),
        deliveries.delivering ? 1 : 0,
      );
      deliveries.add({ id: event.id, type, sessionId: session.id, body });
    },
  });
  const api: ApiContext = { secretKey: options.secretKey, sessions, idempotency: new IdempotencyStore(now), pageBase, now, log };

  handle = async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://stripe-emulator.invalid');
    if (requestUrl.pathname.startsWith('/v1/')) return handleApi(req, res, requestUrl, api);
    if (await handlePage(req, res, requestUrl, sessions)) return;
    sendJson(
      res,
      404,
      new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${requestUrl.pathname}).`).body(),
    );
  };

  const sweep = setInterval(() => sessions.expireDue(), EXPIRY_SWEEP_MS);
  sweep.unref();
  let closing: Promise<void> | null = null;

  return {
    url,
    sdkOptions: { host: local, port, protocol: 'http' },
    pay: async (sessionId, outcome = 'paid') => ({ redirectTo: sessions.complete(sessionId, outcome) }),
    cancel: async (sessionId) => ({ redirectTo: sessions.cancel(sessionId) }),
    settleAsync: async (sessionId, succeeded) => sessions.settle(sessionId, succeeded),
    events: () => deliveries.list(),
    resend: (eventId) => deliveries.resend(eventId),
    idle: () => deliveries.idle(),
    setDeliver: (deliver) => deliveries.setDeliver(deliver),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(sweep);
        deliveries.close();
        server.close(() => resolve());
        // Keep-alive sockets (the SDK's agent keeps them) would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
