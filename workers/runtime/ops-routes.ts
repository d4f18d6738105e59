/**
 * The workers process's own /healthz, /readyz and /metrics (on WORKERS_PORT), so an orchestrator
 * can probe it and Prometheus can scrape consumed counts like it scrapes the API.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/kernel/db/client.ts';
import type { NatsLink } from '../../server/kernel/events/nats-link.ts';
import type { Metrics } from '../../server/kernel/metrics.ts';

export interface OpsDeps {
  db: Db;
  link: NatsLink;
  metrics: Metrics;
  stopping: () => boolean;
}

export function registerOpsRoutes(app: FastifyInstance, { db, link, metrics, stopping }: OpsDeps): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const database = await Promise.race([
      db.execute(sql`select 1`).then(() => 'ok' as const),
      new Promise<'failing'>((resolve) => setTimeout(() => resolve('failing'), 2_000).unref()),
    ]).catch(() => 'failing' as const);
    const nats = (await link.ping(2_000)) ? ('ok' as const) : ('failing' as const);
    const ready = !stopping() && database === 'ok' && nats === 'ok';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: { database, nats, shutdown: stopping() } });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
