/**
 * Attempt limits for the account routes, per client IP and per identifier (the username, email
 * or phone typed), so neither a single address nor a botnet aimed at one account gets far.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '../contract/auth.ts';
import { tooManyRequests } from '../kernel/errors.ts';
import { hitRateLimit, pruneRateLimits } from '../kernel/rate-limit.ts';

// One address may legitimately serve a household or an office, so it gets more room than one identifier.
const IP_ALLOWANCE_FACTOR = 5;

declare module 'fastify' {
  interface FastifyInstance {
    limitAttempts(scope: string, request: FastifyRequest, identifier?: string): Promise<void>;
  }
}

export default fp(
  async (app) => {
    const { max, windowSeconds } = app.config.authRateLimit;

    app.decorate('limitAttempts', async (scope: string, request: FastifyRequest, identifier?: string) => {
      const checks = [hitRateLimit(app.db, `${scope}:ip:${request.ip}`, max * IP_ALLOWANCE_FACTOR, windowSeconds)];
      const id = identifier?.trim().toLowerCase();
      if (id) checks.push(hitRateLimit(app.db, `${scope}:id:${id}`, max, windowSeconds));
      const results = await Promise.all(checks);
      const blocked = results.find((result) => !result.allowed);
      if (blocked) {
        request.log.warn({ scope }, 'rate limit reached');
        throw Object.assign(tooManyRequests(AUTH_MESSAGES.tooManyAttempts), { retryAfter: blocked.retryAfterSeconds });
      }
    });

    const prune = setInterval(() => {
      pruneRateLimits(app.db, windowSeconds * 2).catch((error) => app.log.warn({ err: error }, 'rate limit prune failed'));
    }, 10 * 60_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  },
  { name: 'rate-limit', dependencies: ['context'] },
);
