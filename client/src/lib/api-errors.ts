/** Pure mapping of a failed request to the message the user sees. */

export const ERROR_MESSAGES = {
  network: 'Network error. Please check your connection.',
  sessionExpired: 'Session expired. Please sign in again.',
  invalidRequest: 'Invalid request',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Resource not found.',
  server: 'Server error. Please try again later.',
  generic: 'An error occurred',
} as const;

/** The server's error, detail or message field, if it is a non-empty string. */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['error', 'detail', 'message']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** The errors map of a 400, if the body has one: field -> messages. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> | null {
  if (!body || typeof body !== 'object') return null;
  const errors = (body as Record<string, unknown>).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const map: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m) => m !== null && m !== undefined);
    map[field] = list.map(String);
  }
  return Object.keys(map).length > 0 ? map : null;
}

/** status undefined means no response at all (network failure or timeout). */
export function errorMessage(status: number | undefined, body?: unknown): string {
  if (status === undefined) return ERROR_MESSAGES.network;
  if (status === 401) return ERROR_MESSAGES.sessionExpired;
  if (status === 400) return serverMessage(body) ?? ERROR_MESSAGES.invalidRequest;
  if (status === 403) return ERROR_MESSAGES.forbidden;
  if (status === 404) return ERROR_MESSAGES.notFound;
  if (status >= 500) return ERROR_MESSAGES.server;
  return serverMessage(body) ?? ERROR_MESSAGES.generic;
}

export class ApiError extends Error {
  readonly status: number | undefined;
  readonly body: unknown;
  constructor(status: number | undefined, body: unknown) {
    super(errorMessage(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}
