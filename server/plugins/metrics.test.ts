import t from 'tap';
import { buildTestApp } from '../test/app.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(40),
  IDENTITY_HASH_SECRET: 'i'.repeat(40),
  LOG_LEVEL: 'warn',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

function logCapture() {
  const lines: { msg?: string }[] = [];
  return { lines, logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

t.test('production without METRICS_TOKEN: /metrics is not served, and the log says how to turn it on', async (t) => {
  const { lines, logStream } = logCapture();
  const { app } = await buildTestApp(t, PRODUCTION, { logStream });
  t.equal((await app.inject('/metrics')).statusCode, 404);
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode, 404);
  const hints = lines.filter((line) => /METRICS_TOKEN/.test(line.msg ?? ''));
  t.equal(hints.length, 1, 'logged once, at start');
  t.equal((await app.inject('/healthz')).statusCode, 200, 'the probes stay open');
});

t.test('production with METRICS_TOKEN: only the bearer reads', async (t) => {
  const { app } = await buildTestApp(t, { ...PRODUCTION, METRICS_TOKEN: 'scrape-secret-456' });
  t.equal((await app.inject('/metrics')).statusCode, 401);
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-45' } })).statusCode, 401);
  const ok = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-456' } });
  t.equal(ok.statusCode, 200);
  t.match(ok.body, /betroth_http_request_duration_seconds/);
});

t.test('outside production without a token it stays open for local use', async (t) => {
  const { app } = await buildTestApp(t);
  t.equal((await app.inject('/metrics')).statusCode, 200);
});
