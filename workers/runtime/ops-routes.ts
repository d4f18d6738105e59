/**
 * The workers process's own /healthz, /readyz and /metrics (on WORKERS_PORT), so an orchestrator
 * can probe it and Prometheus can scrape consumed counts like it scrapes the API. /metrics
 * follows the API's rule (metricsAccess): in production it needs METRICS_TOKEN, or is not served.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/kernel/config.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { unauthorized } from '../../server/kernel/errors.ts';
import type { NatsLink } from '../../server/kernel/events/nats-link.ts';
import { type Metrics, METRICS_OFF_MESSAGE, metricsAccess, scrapeAllowed } from '../../server/kernel/metrics.ts';

export interface OpsDeps {
  db: Db;
  link: NatsLink;
  metrics: Metrics;
  stopping: () => boolean;
  /** Decides who may scrape. */
  config: Pick<Config, 'env' | 'metricsToken'>;
}

export function registerOpsRoutes(app: FastifyInstance, { db, link, metrics, stopping, config }: OpsDeps): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const database = await Promise.race([
      db.execute(sql`select 1`).then(() => 'ok' as const),
      new Promise<'failing'>((resolve) => setTimeout(() => resolve('failing'), 2_000).unref()),
    ]).catch(() => 'failing' as const);
    const nats = (await link.ping(2_000)) ? ('ok' as const) : ('failing' as const);
    const ready = !stopping() && database === 'ok' && nats === 'ok';
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks: { database, nats, shutdown: stopping() } });
  });

  const access = metricsAccess(config);
  if (access.kind === 'off') {
    app.log.warn(METRICS_OFF_MESSAGE);
    return;
  }
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!scrapeAllowed(access, request.headers.authorization)) {
      return reply.status(401).send({ error: unauthorized().message });
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
