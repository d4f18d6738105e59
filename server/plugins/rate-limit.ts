/**
 * Request budgets kept in Postgres (kernel/rate-limit.ts), so they hold across instances.
 *
 * `limitAttempts`: sign-up, reset requests and reset confirmations count every attempt, per
 * client IP and per normalised identifier. They are not password guesses, so a plain limit
 * fits; sign-in has its own rules (modules/auth/signin-limits.ts).
 *
 * `spendViewBudget`: an hourly allowance per member for reading other members' profiles and
 * discovery pages. Real use stays far below it; a script copying every profile does not.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '../contract/auth.ts';
import { tooManyRequests } from '../kernel/errors.ts';
import { hitRateLimit, identifierKey, pruneRateLimits } from '../kernel/rate-limit.ts';

// One address may legitimately serve a household or an office, so it gets more room than one identifier.
const IP_ALLOWANCE_FACTOR = 5;
const HOUR_SECONDS = 3600;

export type ViewBudget = 'profiles' | 'discovery';

export const viewBudgetMessage = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have viewed a lot of profiles in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

declare module 'fastify' {
  interface FastifyInstance {
    limitAttempts(scope: string, request: FastifyRequest, identifier?: string): Promise<void>;
    /** Charges the signed-in member `cost` units of the hourly budget; 429 with Retry-After when spent. */
    spendViewBudget(request: FastifyRequest, budget: ViewBudget, cost: number): Promise<void>;
  }
}

export default fp(
  async (app) => {
    const { max, windowSeconds } = app.config.authRateLimit;
    const perHour: Record<ViewBudget, number> = {
      profiles: app.config.viewBudget.profilesPerHour,
      discovery: app.config.viewBudget.discoveryPerHour,
    };

    app.decorate('limitAttempts', async (scope: string, request: FastifyRequest, identifier?: string) => {
      const checks = [hitRateLimit(app.db, `${scope}:ip:${request.ip}`, max * IP_ALLOWANCE_FACTOR, windowSeconds)];
      const id = identifier ? identifierKey(identifier) : '';
      if (id) checks.push(hitRateLimit(app.db, `${scope}:id:${id}`, max, windowSeconds));
      const results = await Promise.all(checks);
      const blocked = results.find((result) => !result.allowed);
      if (blocked) {
        request.log.warn({ scope }, 'rate limit reached');
        throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, blocked.retryAfterSeconds);
      }
    });

    app.decorate('spendViewBudget', async (request: FastifyRequest, budget: ViewBudget, cost: number) => {
      const key = `view:${budget}:${request.member.userId}`;
      const result = await hitRateLimit(app.db, key, perHour[budget], HOUR_SECONDS, cost);
      if (!result.allowed) {
        request.log.warn({ budget, userId: request.member.userId }, 'view budget spent');
        throw tooManyRequests(viewBudgetMessage(result.retryAfterSeconds), result.retryAfterSeconds);
      }
    });

    // Buckets are kept for twice the longest window, then dropped.
    const keepSeconds = 2 * Math.max(windowSeconds, HOUR_SECONDS);
    const prune = setInterval(() => {
      pruneRateLimits(app.db, keepSeconds).catch((error) => app.log.warn({ err: error }, 'rate limit prune failed'));
    }, 10 * 60_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  },
  { name: 'rate-limit', dependencies: ['context'] },
);
