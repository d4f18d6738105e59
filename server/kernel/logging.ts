/**
 * Logger settings. Secrets never reach the log: auth headers are redacted, and token query
 * parameters (reset links) are cut from logged URLs.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

const SECRET_QUERY = /([?&](?:token|access_token|session_id)=)[^&#]*/gi;

export function scrubUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["sec-websocket-protocol"]',
        '*.password',
        '*.password1',
        '*.password2',
        '*.new_password',
        '*.confirm_password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return { method: request.method, url: scrubUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/** The logger shape kernel and workers code takes: pino's (app.log) fits, and so does a test fake. */
export interface Log {
  debug(details: object, message?: string): void;
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}
