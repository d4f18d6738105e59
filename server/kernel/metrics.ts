/**
 * Prometheus metrics, one registry per app or workers process (tests build several apps in one
 * process, so nothing goes to prom-client's global registry).
 */
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OutboxBacklog } from './events/outbox.ts';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  eventsPublished: Counter<'subject' | 'transport'>;
  eventsConsumed: Counter<'handler' | 'subject' | 'outcome'>;
  pushesSent: Counter<'type'>;
  wsOpen: Gauge;
  wsDropped: Counter<'reason'>;
  /** Where the outbox gauges read from at scrape time (the process that runs the relay). */
  watchOutbox(read: () => Promise<OutboxBacklog>): void;
}

export function createMetrics(options: { defaultMetrics?: boolean; prefix?: string } = {}): Metrics {
  const registry = new Registry();
  const prefix = options.prefix ?? 'betroth_';
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix });
  const registers = [registry];

  let readOutbox: (() => Promise<OutboxBacklog>) | null = null;
  let pendingBacklog: Promise<OutboxBacklog | null> | null = null;
  // Both gauges read one query per scrape.
  const backlog = () => {
    pendingBacklog ??= (readOutbox ? readOutbox().catch(() => null) : Promise.resolve(null)).finally(() => {
      setImmediate(() => {
        pendingBacklog = null;
      });
    });
    return pendingBacklog;
  };

  new Gauge({
    name: `${prefix}outbox_lag_seconds`,
    help: 'Age of the oldest unpublished outbox row (0 when none wait)',
    registers,
    async collect() {
      const value = await backlog();
      if (value) this.set(value.lagSeconds);
    },
  });
  new Gauge({
    name: `${prefix}outbox_pending`,
    help: 'Unpublished outbox rows',
    registers,
    async collect() {
      const value = await backlog();
      if (value) this.set(value.pending);
    },
  });

  return {
    registry,
    httpDuration: new Histogram({
      name: `${prefix}http_request_duration_seconds`,
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    eventsPublished: new Counter({
      name: `${prefix}events_published_total`,
      help: 'Outbox rows handed to the transport by the relay',
      labelNames: ['subject', 'transport'],
      registers,
    }),
    eventsConsumed: new Counter({
      name: `${prefix}events_consumed_total`,
      help: 'Event deliveries settled by handlers, by outcome (ack, nak, term, skip)',
      labelNames: ['handler', 'subject', 'outcome'],
      registers,
    }),
    pushesSent: new Counter({
      name: `${prefix}realtime_pushes_total`,
      help: 'Pushes written to member sockets',
      labelNames: ['type'],
      registers,
    }),
    wsOpen: new Gauge({ name: `${prefix}websocket_open_sockets`, help: 'Open WebSocket connections', registers }),
    wsDropped: new Counter({
      name: `${prefix}websocket_dropped_total`,
      help: 'WebSockets closed by the server, by reason',
      labelNames: ['reason'],
      registers,
    }),
    watchOutbox(read) {
      readOutbox = read;
    },
  };
}

/**
 * Who may read /metrics. Metrics describe traffic and internals, so production never serves
 * them to anyone who asks: there they need METRICS_TOKEN, and without it the route is not
 * served at all. Outside production they stay open unless a token is set.
 */
export type MetricsAccess = { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'off' };

export function metricsAccess(config: { env: string; metricsToken: string | null }): MetricsAccess {
  if (config.metricsToken) return { kind: 'token', token: config.metricsToken };
  return config.env === 'production' ? { kind: 'off' } : { kind: 'open' };
}

export const METRICS_OFF_MESSAGE =
  'GET /metrics is not served: in production set METRICS_TOKEN and scrape with "Authorization: Bearer <token>"';

/** Whether a scrape with this Authorization header may read the metrics (constant-time compare). */
export function scrapeAllowed(access: MetricsAccess, authorization: string | undefined): boolean {
  if (access.kind === 'open') return true;
  if (access.kind === 'off') return false;
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${access.token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
