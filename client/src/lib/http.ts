/**
 * The API transport without the app around it: URLs, one JSON request with a timeout and the
 * session header, failures as ApiError. No retries, toasts or sign-out here (api-client.ts adds
 * them), so the few-kilobyte boot script (boot.ts) can use it without the toast library.
 */
import { API_BASE } from '../config/paths.ts';
import { ApiError } from './api-errors.ts';

export const API_TIMEOUT_MS = 30_000;

/** Query parameters; undefined, null and '' values are dropped. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, query?: QueryParams): string {
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

/** One JSON request (body as JSON when given) with the session's token, when there is one. */
export function sendJson(
  url: string,
  method: string,
  body: unknown,
  token: string | null,
  extraHeaders: Record<string, string> = {},
): Promise<unknown> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;
  return fetchOnce(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
