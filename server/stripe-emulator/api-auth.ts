/**
 * The API key check: the SDK presents its key as `Authorization: Bearer <key>` (curl's `-u key:`
 * sends it as Basic, which Stripe accepts too). Anything else is a 401 in Stripe's words, which
 * the SDK turns into StripeAuthenticationError. The key is never echoed whole.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { StripeApiError } from './stripe-errors.ts';

function presentedKey(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer') return value || null;
  if (scheme.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** `sk_test_…` shown as Stripe shows it: the prefix, stars, the last four characters. */
function redact(key: string): string {
  if (key.length <= 12) return '*'.repeat(key.length);
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

/** Throws the 401 Stripe answers unless the request carries exactly `secretKey`. */
export function checkApiKey(authorization: string | undefined, secretKey: string): void {
  const key = presentedKey(authorization);
  if (key === null) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  // Equal-length digests, compared in constant time.
  if (!timingSafeEqual(digest(key), digest(secretKey))) {
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${redact(key)}`);
  }
}
