/**
 * GET /metrics in Prometheus text format, and the HTTP latency histogram by route template
 * (`/api/v1/profile/:id`, never the raw URL, so label values stay few). With METRICS_TOKEN set
 * the endpoint wants `Authorization: Bearer <token>`.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { unauthorized } from '../kernel/errors.ts';
import { createMetrics, type Metrics } from '../kernel/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    startedAt: bigint;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  async (app) => {
    const metrics = createMetrics({ defaultMetrics: app.config.env !== 'test' });
    app.decorate('metrics', metrics);
    app.decorateRequest('startedAt', 0n);

    app.addHook('onRequest', async (request) => {
      request.startedAt = process.hrtime.bigint();
    });
    app.addHook('onResponse', async (request, reply) => {
      const seconds = Number(process.hrtime.bigint() - request.startedAt) / 1e9;
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        seconds,
      );
    });

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const token = app.config.metricsToken;
      if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) throw unauthorized();
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['context'] },
);
