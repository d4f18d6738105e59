/**
 * Everything the event backbone adds to the app, in dependency order: metrics (first, so its
 * latency hooks cover every route), the events runtime (relay, push bus, in-process handlers),
 * health checks and the realtime gateway.
 */
import fp from 'fastify-plugin';
import gateway from '../realtime/gateway.ts';
import events from './events.ts';
import health from './health.ts';
import metrics from './metrics.ts';

export default fp(
  async (app) => {
    await app.register(metrics);
    await app.register(events);
    await app.register(health);
    await app.register(gateway);
  },
  { name: 'event-backbone', dependencies: ['context', 'auth'] },
);
