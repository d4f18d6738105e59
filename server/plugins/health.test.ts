import t from 'tap';
import { writeEvent } from '../kernel/events/outbox.ts';
import { buildTestApp } from '../test/app.ts';
import { natsSkip, natsTestEnv, waitFor } from '../test/nats.ts';

t.test('in-process default', async (t) => {
  const { app, db } = await buildTestApp(t);

  t.test('/healthz: the process is up', async (t) => {
    const response = await app.inject('/healthz');
    t.equal(response.statusCode, 200);
    t.same(response.json(), { status: 'ok' });
  });

  t.test('/readyz: database reachable, events in-process', async (t) => {
    const response = await app.inject('/readyz');
    t.equal(response.statusCode, 200);
    t.same(response.json(), { status: 'ready', checks: { database: 'ok', nats: 'in-process', shutdown: false } });
  });

  t.test('/metrics: latency by route template, outbox, events, sockets', async (t) => {
    await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'nobody', password: 'x' } });
    await writeEvent(db, 'likes.created', {
      likeId: 1,
      fromUserId: 1,
      fromProfileId: 1,
      toUserId: 2,
      toProfileId: 2,
      createdAt: new Date().toISOString(),
    });
    // Published, then consumed by the in-process handler a moment later: wait for both counts.
    await waitFor(
      async () => {
        const metrics = (await app.inject('/metrics')).body;
        return (
          metrics.includes('betroth_events_published_total{subject="likes.created"') &&
          metrics.includes('betroth_events_consumed_total{handler="notifications"')
        );
      },
      5_000,
      'published and consumed counts',
    );
    const response = await app.inject('/metrics');
    t.equal(response.statusCode, 200);
    t.match(response.headers['content-type'], /text\/plain/);
    const body = response.body;
    t.match(
      body,
      /betroth_http_request_duration_seconds_bucket\{le="[\d.]+",method="POST",route="\/api\/v1\/signin\/",status_code="400"\}/,
    );
    t.match(body, /betroth_outbox_lag_seconds \d/);
    t.match(body, /betroth_outbox_pending 0/);
    t.match(body, /betroth_events_published_total\{subject="likes.created",transport="in-process"\} 1/);
    t.match(body, /betroth_events_consumed_total\{handler="notifications",subject="likes.created",outcome="ack"\} 1/);
    t.match(body, /betroth_websocket_open_sockets 0/);
  });

  t.test('ops routes stay out of the API document', async (t) => {
    const spec = app.swagger() as { paths: Record<string, unknown> };
    for (const path of ['/healthz', '/readyz', '/metrics', '/api/v1/ws']) t.notOk(spec.paths[path], path);
  });
});

t.test('METRICS_TOKEN protects /metrics', async (t) => {
  const { app } = await buildTestApp(t, { METRICS_TOKEN: 'scrape-secret-123' });
  t.equal((await app.inject('/metrics')).statusCode, 401);
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode, 401);
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-123' } })).statusCode, 200);
});

t.test('/readyz with NATS: ready when reachable, 503 when not', { skip: natsSkip }, async (t) => {
  const { app } = await buildTestApp(t, natsTestEnv(t));
  await waitFor(() => app.events.nats?.current() !== null, 10_000, 'NATS connection');
  const ready = await app.inject('/readyz');
  t.equal(ready.statusCode, 200);
  t.match(ready.json(), { checks: { nats: 'ok' } });

  const { app: cutOff } = await buildTestApp(t, { ...natsTestEnv(t), NATS_URL: 'nats://127.0.0.1:1' });
  const unready = await cutOff.inject('/readyz');
  t.equal(unready.statusCode, 503);
  t.same(unready.json(), { status: 'unavailable', checks: { database: 'ok', nats: 'failing', shutdown: false } });
  t.equal((await cutOff.inject('/healthz')).statusCode, 200, 'still alive: only not ready');
});
