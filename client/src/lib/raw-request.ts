import { paths } from '../config/paths.ts';
import { buildUrl, fetchOnce } from './http.ts';
import { ApiError, ERROR_MESSAGES } from './api-errors.ts';
import { clearAuthStorage, getToken } from './auth-storage.ts';
import { isRestrictedAnswer, reportRestricted } from './restriction.ts';
import { toast } from './toast.ts';

export interface RawRequest {
  method: 'POST' | 'PUT';
  /** JSON-encoded unless it is a FormData or a Blob (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** An absolute URL elsewhere (a presigned object-store PUT): no token, no API base. */
  external?: boolean;
}

/**
 * The few requests apiRequest (api-client.ts) cannot make: a send with custom headers (chat's
 * `Idempotency-Key`), a file as multipart/form-data, and a PUT of the file to a presigned URL.
 * Same rules as the shared client (token header, and its fetchOnce: 30 s timeout, ApiError), no
 * retries (none of these is a read), and no toast: the callers word their failures. A 401 on a
 * request that carried the token ends the session as the shared client does.
 */
export async function rawRequest<T>(path: string, request: RawRequest): Promise<T> {
  const url = request.external ? path : buildUrl(path);
  const token = request.external ? null : getToken();
  const headers: Record<string, string> = { ...request.headers };
  if (!request.external) headers.Accept = 'application/json';
  let body: BodyInit | undefined;
  if (request.body instanceof FormData || request.body instanceof Blob) {
    body = request.body;
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['Content-Type'] = 'application/json';
  }
  if (token) headers.Authorization = `Token ${token}`;

  try {
    return (await fetchOnce(url, { method: request.method, headers, body })) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) {
      clearAuthStorage();
      toast.error(ERROR_MESSAGES.sessionExpired);
      window.location.assign(paths.signin);
    }
    if (error instanceof ApiError && token && isRestrictedAnswer(error.status, error.body)) reportRestricted();
    throw error;
  }
}
