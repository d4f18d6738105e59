/**
 * While the database cannot be reached, API requests are refused at once with 503, Retry-After
 * and one sentence, instead of each waiting for a connection that will not come. The health watch
 * under `app.db` (kernel/db/health.ts) decides; it opens the gate again once the database answers
 * and the pools are fresh. Registered inside the /api/v1 scope (app.ts), so /healthz, /readyz,
 * /metrics and the static client stay served during an outage.
 */
import fp from 'fastify-plugin';
import { healthOf } from '../kernel/db/client.ts';
import { serviceUnavailable } from '../kernel/errors.ts';

export default fp(
  async (app) => {
    const health = healthOf(app.db);
    if (!health) return;
    app.addHook('onRequest', async () => {
      if (!health.available) throw serviceUnavailable(health.retryAfterSeconds);
    });
  },
  { name: 'database-gate', dependencies: ['context'] },
);
