/**
 * GET /metrics in Prometheus text format, and the HTTP latency histogram by route template
 * (`/api/v1/profile/:id`, never the raw URL, so label values stay few). Who may scrape is
 * decided by metricsAccess: with METRICS_TOKEN, `Authorization: Bearer <token>`; in
 * production without it the route does not exist.
 */
import fp from 'fastify-plugin';
import { unauthorized } from '../kernel/errors.ts';
import { createMetrics, type Metrics, METRICS_OFF_MESSAGE, metricsAccess, scrapeAllowed } from '../kernel/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    startedAt: bigint;
  }
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

    const access = metricsAccess(app.config);
    if (access.kind === 'off') {
      app.log.warn(METRICS_OFF_MESSAGE);
      return;
    }
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!scrapeAllowed(access, request.headers.authorization)) throw unauthorized();
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['context'] },
);
