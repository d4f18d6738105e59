/**
 * Limits on password guessing. Only failed sign-ins count, and no rule can keep the owner, who
 * knows the password, out for long:
 *  - per subject and address: `max` failures in the window, then that address alone gets 429
 *    for that subject (a subject is an account the identifier resolves to, or the normalised
 *    identifier when it names none);
 *  - per address: 5x `max` failures over any subjects, then 429 (one address guessing widely);
 *  - per subject from everywhere: past `max` failures each attempt first waits, doubling from
 *    250 ms up to 4 s. Many addresses guessing together are slowed; nobody is locked out.
 * Every attempt is counted before its password is checked and refunded when it succeeds or is
 * refused: counting only afterwards would let a burst of parallel guesses all pass the check
 * before the first of them had failed.
 */
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import type { Db } from '../../kernel/db/client.ts';
import { tooManyRequests } from '../../kernel/errors.ts';
import { countHits, identifierKey, refundHits } from '../../kernel/rate-limit.ts';

// One address may serve a household or an office, so it gets more room than one account.
export const IP_ALLOWANCE_FACTOR = 5;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4_000;

export interface SigninLimitDeps {
  db: Db;
  max: number;
  windowSeconds: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SigninAttempt {
  /** How long this attempt was held back. */
  delayMs: number;
  /** A success is not a guess: hand back everything this attempt counted. */
  succeeded(): Promise<void>;
}

/** The subjects an attempt counts against: every account the identifier names, else the identifier. */
export function signinSubjects(identifier: string, accountIds: number[]): string[] {
  return accountIds.length > 0 ? accountIds.map((id) => `user:${id}`) : [`id:${identifierKey(identifier)}`];
}

/** The wait before an attempt on a subject that has `attempts` counted (this one included). */
export function accountDelayMs(attempts: number, max: number): number {
  const excess = attempts - max;
  if (excess <= 0) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(excess - 1, 16));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function beginSignin(deps: SigninLimitDeps, ip: string, subjects: string[]): Promise<SigninAttempt> {
  const { db, max, windowSeconds } = deps;
  // One statement per step whatever the number of subjects, so a phone shared by five accounts
  // takes no longer to check than an unknown name.
  const ipKey = `signin:ip:${ip}`;
  const gateKeys = [ipKey, ...subjects.map((subject) => `signin:pair:${subject}:${ip}`)];
  const gates = await countHits(db, gateKeys, windowSeconds);
  const counted = [...gates].map(([key, { window }]) => ({ key, window }));
  const blocked = [...gates].filter(([key, gate]) => gate.hits > (key === ipKey ? max * IP_ALLOWANCE_FACTOR : max)).map(([, gate]) => gate);
  if (blocked.length > 0) {
    await refundHits(db, counted);
    throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, Math.max(...blocked.map((gate) => gate.retryAfterSeconds)));
  }

  const accounts = await countHits(
    db,
    subjects.map((subject) => `signin:subject:${subject}`),
    windowSeconds,
  );
  for (const [key, { window }] of accounts) counted.push({ key, window });
  const delayMs = accountDelayMs(Math.max(0, ...[...accounts.values()].map((account) => account.hits)), max);
  if (delayMs > 0) await (deps.sleep ?? wait)(delayMs);
  return { delayMs, succeeded: () => refundHits(db, counted) };
}
