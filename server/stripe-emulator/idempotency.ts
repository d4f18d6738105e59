/**
 * Stripe's idempotent requests: a POST carrying an `Idempotency-Key` that was seen before with
 * the same endpoint and parameters gets the first response again (same session id), so a
 * retried checkout never creates a second session; the same key with other parameters or on
 * another endpoint is an idempotency_error. Keys are kept 24 hours.
 *
 * As at Stripe, only responses of requests that ran are saved: a request refused by validation
 * saves nothing, so it may be retried with the same key once fixed.
 */
import type { FormValue } from './form-body.ts';
import { invalidRequest, StripeApiError } from './stripe-errors.ts';

export interface SavedResponse {
  status: number;
  body: unknown;
}

interface Entry {
  endpoint: string;
  fingerprint: string;
  response: SavedResponse;
  savedAt: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/** The parameters as canonical JSON (keys sorted), so the order they were sent in does not matter. */
export function fingerprint(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${fingerprint(value[key])}`).join(',')}}`;
}

export class IdempotencyStore {
  // A Map keeps insertion order, which is save order: the oldest entries come first when pruning.
  private readonly entries = new Map<string, Entry>();

  private readonly now: () => number;
  private readonly ttlMs: number;
  constructor(now: () => number, ttlMs = DAY_MS) {
    this.now = now;
    this.ttlMs = ttlMs;
  }

  /** The response to replay, or null on a key's first use; throws when the key was used differently. */
  replay(key: string, endpoint: string, params: FormValue): SavedResponse | null {
    if (key.length > MAX_KEY_LENGTH) {
      throw invalidRequest(`Idempotency-Key values must be at most ${MAX_KEY_LENGTH} characters long.`);
    }
    this.prune();
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.endpoint !== endpoint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (entry.fingerprint !== fingerprint(params)) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return entry.response;
  }

  save(key: string, endpoint: string, params: FormValue, response: SavedResponse): void {
    this.entries.set(key, { endpoint, fingerprint: fingerprint(params), response, savedAt: this.now() });
  }

  private prune(): void {
    const oldest = this.now() - this.ttlMs;
    for (const [key, entry] of this.entries) {
      if (entry.savedAt > oldest) break;
      this.entries.delete(key);
    }
  }
}
