/**
 * GET /healthz: the process is up (liveness). GET /readyz: the database and, when configured,
 * NATS answer within a short timeout, and the server is not shutting down (readiness: a load
 * balancer stops sending traffic on 503).
 */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { withTimeout } from '../kernel/timeout.ts';

const CHECK_TIMEOUT_MS = 2_000;

const Check = Type.Union([Type.Literal('ok'), Type.Literal('failing'), Type.Literal('in-process')]);
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Object({ database: Check, nats: Check, shutdown: Type.Boolean() }),
});

export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get(
      '/healthz',
      { schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } }, logLevel: 'warn' },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      { schema: { hide: true, response: { 200: Readiness, 503: Readiness } }, logLevel: 'warn' },
      async (_request, reply) => {
        // One promise (drizzle runs its query again on every `then`), raced against the limit.
        const database = await withTimeout(Promise.resolve(app.db.execute(sql`select 1`)), CHECK_TIMEOUT_MS).then(
          () => 'ok' as const,
          () => 'failing' as const,
        );
        const link = app.events.nats;
        const nats = link ? ((await link.ping(CHECK_TIMEOUT_MS)) ? ('ok' as const) : ('failing' as const)) : ('in-process' as const);
        const ready = !closing && database === 'ok' && nats !== 'failing';
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'unavailable', checks: { database, nats, shutdown: closing } });
      },
    );
  },
  { name: 'health', dependencies: ['context', 'events'] },
);
