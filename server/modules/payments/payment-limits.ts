/**
 * Each checkout and each purchase check is a call to the payment provider made on the member's
 * behalf; a script hammering them would spend the operator's API allowance. A member gets
 * plenty for real purchases (a checkout, a few checks on return), and a 429 past that.
 */
import type { Db } from '../../kernel/db/client.ts';
import { tooManyRequests } from '../../kernel/errors.ts';
import { hitRateLimit } from '../../kernel/rate-limit.ts';

export const PAYMENT_CALLS_PER_WINDOW = 30;
export const PAYMENT_WINDOW_SECONDS = 600;

export const PAYMENT_LIMIT_MESSAGE = 'Too many payment requests. Please wait a few minutes and try again.';

export async function limitPaymentCalls(db: Db, userId: number): Promise<void> {
  const result = await hitRateLimit(db, `payments:${userId}`, PAYMENT_CALLS_PER_WINDOW, PAYMENT_WINDOW_SECONDS);
  if (!result.allowed) throw tooManyRequests(PAYMENT_LIMIT_MESSAGE, result.retryAfterSeconds);
}
