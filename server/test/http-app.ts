/**
 * `app.inject` over real HTTP, for an API that runs in another process (server/main.ts started by
 * a test): the member helpers of this folder take an app and call `inject`, so with this they
 * drive a separate server unchanged. Every request has a deadline, so a hung server shows up as
 * a timeout (status 0) instead of a stuck test.
 */
import type { FastifyInstance } from 'fastify';

export interface HttpAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  json(): unknown;
  /** Milliseconds from sending to the end of the answer. */
  elapsedMs: number;
  /** True when no answer came within the deadline (statusCode is then 0). */
  timedOut: boolean;
}

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

export interface HttpApp {
  baseUrl: string;
  inject(options: InjectOptions): Promise<HttpAnswer>;
}

export function httpApp(baseUrl: string, deadlineMs = 10_000): HttpApp {
  return {
    baseUrl,
    async inject({ method = 'GET', url, headers = {}, payload }) {
      const started = performance.now();
      const sendsJson = payload !== undefined && typeof payload !== 'string';
      try {
        const response = await fetch(`${baseUrl}${url}`, {
          method,
          headers: sendsJson ? { 'content-type': 'application/json', ...headers } : headers,
          body: payload === undefined ? undefined : sendsJson ? JSON.stringify(payload) : (payload as string),
          signal: AbortSignal.timeout(deadlineMs),
        });
        const body = await response.text();
        return {
          statusCode: response.status,
          body,
          headers: Object.fromEntries(response.headers.entries()),
          json: () => JSON.parse(body) as unknown,
          elapsedMs: performance.now() - started,
          timedOut: false,
        };
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        return {
          statusCode: 0,
          body: String((error as Error).message),
          headers: {},
          json: () => null,
          elapsedMs: performance.now() - started,
          timedOut,
        };
      }
    },
  };
}

/** The helpers are typed for a Fastify app; they only ever call `inject`. */
export const asApp = (app: HttpApp) => app as unknown as FastifyInstance;
