/** Recognising Postgres errors that carry meaning for the caller. */

/** SQLSTATE 23505: a unique index refused the row (someone took the name first). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** postgres.js's own codes for a connection that broke, ended or never came up. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/**
 * The operating system's socket errors. Mail, object storage and payments can fail with these
 * too, so they count only on an error that came through a query: postgres.js marks those with a
 * `query` property, drizzle's wrapper has one as well.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // A Unix socket path whose server is not running.
  'ENOENT',
]);

/**
 * SQLSTATEs of a server that is going away or not yet there: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or
 * recovering), 57P05 idle session timeout.
 */
const UNREACHABLE_SQLSTATE = /^(08...|57P0[1235])$/;

/**
 * True when `error` (or an error it wraps: drizzle puts the driver's error in `cause`) says the
 * database is unreachable, so the request could not be served for now and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  let throughQuery = false;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    throughQuery ||= 'query' in current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (DRIVER_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code)) return true;
      if (throughQuery && SOCKET_CODES.has(code)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
