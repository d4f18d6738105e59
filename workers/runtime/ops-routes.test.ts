import Fastify from 'fastify';
import t from 'tap';
import type { Db } from '../../server/kernel/db/client.ts';
import type { NatsLink } from '../../server/kernel/events/nats-link.ts';
import { createMetrics } from '../../server/kernel/metrics.ts';
import type { TestContext } from '../../server/test/app.ts';
import { registerOpsRoutes } from './ops-routes.ts';

// /metrics of the workers process follows the API's rule; the probes need no database here.
async function opsApp(t: TestContext, config: { env: 'production' | 'development'; metricsToken: string | null }) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
  const fakes = { db: {} as Db, link: {} as NatsLink };
  registerOpsRoutes(app, { ...fakes, metrics: createMetrics(), stopping: () => false, config });
  t.teardown(() => app.close());
  await app.ready();
  return { app, lines };
}

t.test('production without METRICS_TOKEN: not served, one hint in the log', async (t) => {
  const { app, lines } = await opsApp(t, { env: 'production', metricsToken: null });
  t.equal((await app.inject('/metrics')).statusCode, 404);
  t.equal(lines.filter((line) => line.includes('METRICS_TOKEN')).length, 1);
  t.equal((await app.inject('/healthz')).statusCode, 200);
});

t.test('with METRICS_TOKEN: the bearer only', async (t) => {
  const { app } = await opsApp(t, { env: 'production', metricsToken: 'workers-secret' });
  t.equal((await app.inject('/metrics')).statusCode, 401);
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode, 401);
  const ok = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer workers-secret' } });
  t.equal(ok.statusCode, 200);
  t.match(ok.body, /betroth_events_consumed_total/);
});

t.test('outside production without a token: open', async (t) => {
  const { app } = await opsApp(t, { env: 'development', metricsToken: null });
  t.equal((await app.inject('/metrics')).statusCode, 200);
});
