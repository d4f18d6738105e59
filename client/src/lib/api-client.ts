import { ApiError, ERROR_MESSAGES, serverMessage } from './api-errors.ts';
import { clearAuthStorage, getToken } from './auth-storage.ts';
import { takeEarlyRead } from './early-reads.ts';
import { buildUrl, type QueryParams, sendJson } from './http.ts';
import { isRestrictedAnswer, reportRestricted } from './restriction.ts';
import { retryDelay, shouldRetry } from './retry-policy.ts';
import { toast } from './toast.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Extra query parameters; undefined, null and '' values are dropped. */
  query?: QueryParams;
  /** Show the shared error toast (default true). */
  toastErrors?: boolean;
  /**
   * One key per member action (not per attempt): sent as Idempotency-Key, and it lets a mutation
   * be retried after no answer or a 5xx, since the server does the work at most once per key.
   */
  idempotencyKey?: string;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/signin');
};

/** The auth provider registers how to clear state and navigate on a 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function report(error: ApiError, sentToken: boolean, toastErrors: boolean): void {
  if (error.status === 401 && sentToken) {
    clearAuthStorage();
    toast.error(ERROR_MESSAGES.sessionExpired);
    onUnauthorized();
    return;
  }
  // A suspended or banned account: the app shows the standing screen, not this screen's error.
  if (sentToken && isRestrictedAnswer(error.status, error.body)) {
    reportRestricted();
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

/** The one way the client talks to the API: JSON, 30 s timeout, token header, retries for reads and keyed mutations. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const token = getToken();
  const early = method === 'GET' ? takeEarlyRead(url, token) : undefined;
  if (early) {
    try {
      return (await early) as T;
    } catch (error) {
      // An answer the client would not retry (a 4xx) is final: handled as if this request had
      // received it (a 401 signs out). No answer or a 5xx: the request below, with its retries.
      if (error instanceof ApiError && !shouldRetry(method, error.status, 1)) {
        report(error, Boolean(token), options.toastErrors ?? true);
        throw error;
      }
    }
  }
  const keyHeader: Record<string, string> = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {};
  for (let tries = 1; ; tries++) {
    try {
      return (await sendJson(url, method, options.body, token, keyHeader)) as T;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(undefined, undefined);
      if (shouldRetry(method, apiError.status, tries, Boolean(options.idempotencyKey))) {
        await sleep(retryDelay(tries));
        continue;
      }
      report(apiError, Boolean(token), options.toastErrors ?? true);
      throw apiError;
    }
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** SWR fetcher: the key is the API path (query included). */
export const swrFetcher = <T>(key: string) => api.get<T>(key);
