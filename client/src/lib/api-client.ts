import { API_BASE } from '../config/paths.ts';
import { ApiError, ERROR_MESSAGES, serverMessage } from './api-errors.ts';
import { clearAuthStorage, getToken } from './auth-storage.ts';
import { retryDelay, shouldRetry } from './retry-policy.ts';
import { toast } from './toast.ts';

export const API_TIMEOUT_MS = 30_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Extra query parameters; undefined, null and '' values are dropped. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Show the shared error toast (default true). */
  toastErrors?: boolean;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/signin');
};

/** The auth provider registers how to clear state and navigate on a 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One fetch with the 30 s timeout: the body parsed as JSON (kept as text when it is not JSON,
 * undefined when empty), an ApiError for a failed status or no answer. No retries, no toasts.
 */
export async function fetchOnce(url: string, init: { method: string; headers: Record<string, string>; body?: BodyInit }): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: controller.signal });
  } catch {
    throw new ApiError(undefined, undefined);
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

function attempt(url: string, method: string, body: unknown, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;
  return fetchOnce(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function report(error: ApiError, sentToken: boolean, toastErrors: boolean): void {
  if (error.status === 401 && sentToken) {
    clearAuthStorage();
    toast.error(ERROR_MESSAGES.sessionExpired);
    onUnauthorized();
    return;
  }
  if (!toastErrors) return;
  if (error.status === 401) {
    // No session was sent (for example a wrong password on /signin): show the server's words.
    toast.error(serverMessage(error.body) ?? ERROR_MESSAGES.generic);
    return;
  }
  toast.error(error.message);
}

/** The one way the client talks to the API: JSON, 30 s timeout, token header, retries for reads only. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const token = getToken();
  for (let tries = 1; ; tries++) {
    try {
      return (await attempt(url, method, options.body, token)) as T;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(undefined, undefined);
      if (shouldRetry(method, apiError.status, tries)) {
        await sleep(retryDelay(tries));
        continue;
      }
      report(apiError, Boolean(token), options.toastErrors ?? true);
      throw apiError;
    }
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** SWR fetcher: the key is the API path (query included). */
export const swrFetcher = <T>(key: string) => api.get<T>(key);
