import { paths } from '../../../config/paths.ts';
import { API_TIMEOUT_MS, buildUrl } from '../../../lib/api-client.ts';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-errors.ts';
import { clearAuthStorage, getToken } from '../../../lib/auth-storage.ts';
import { toast } from '../../../lib/toast.ts';

export interface FileRequest {
  method: 'POST' | 'PUT';
  body: FormData | Blob;
  headers?: Record<string, string>;
  /** An absolute URL elsewhere (a presigned object-store PUT): no token, no API base. */
  external?: boolean;
}

/**
 * Sending a file, which lib/api-client (JSON only) cannot do: as multipart/form-data to the API,
 * or as the raw body of a presigned PUT. Same token header, 30 s timeout and ApiError as the
 * shared client, no retries (a send is not a read) and no toast: the upload flow words its own
 * failures. A 401 on a request that carried the token ends the session, as the shared client does.
 */
export async function sendFile<T>(path: string, request: FileRequest): Promise<T> {
  const url = request.external ? path : buildUrl(path);
  const token = request.external ? null : getToken();
  const headers: Record<string, string> = { ...request.headers };
  if (!request.external) headers.Accept = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { method: request.method, headers, body: request.body, signal: controller.signal });
  } catch {
    throw new ApiError(undefined, undefined);
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an object store's XML error, say): kept as text.
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearAuthStorage();
      toast.error(ERROR_MESSAGES.sessionExpired);
      window.location.assign(paths.signin);
    }
    throw new ApiError(response.status, parsed);
  }
  return parsed as T;
}
