/**
 * The health watch on a scripted probe: when the database counts as unavailable, what runs on the
 * way down and back (in which order), and who waits. The real thing against a killed PostgreSQL is
 * server/db-outage.test.ts.
 */
import t from 'tap';
import { memoryLog, waitFor } from '../../test/nats.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { DatabaseHealth } from './health.ts';

const unreachable = () => Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });

/** A probe that fails `failures` times, then answers; counts its calls. */
function scriptedProbe(failures: number) {
  const calls = { count: 0 };
  const probe = async () => {
    calls.count += 1;
    if (calls.count <= failures) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  };
  return { probe, calls };
}

t.test('errors that mean "unreachable", and those that do not', async (t) => {
  for (const code of ['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', '57P01', '57P03', '08006']) {
    t.ok(isDatabaseUnavailable({ code }), code);
  }
  t.ok(isDatabaseUnavailable(Object.assign(new Error('x'), { query: 'select 1', code: 'ECONNREFUSED' })), 'a socket error on a query');
  t.ok(isDatabaseUnavailable({ query: 'select 1', params: [], cause: { code: 'ECONNRESET' } }), 'wrapped by drizzle');
  t.notOk(isDatabaseUnavailable({ code: 'ECONNREFUSED' }), 'a socket error elsewhere (mail, object storage) is not the database');
  t.notOk(isDatabaseUnavailable({ code: 'ENOENT', syscall: 'open' }), 'a missing file');
  for (const code of ['23505', '40001', '57014', '22P02']) t.notOk(isDatabaseUnavailable({ code }), `${code} is the query's own failure`);
  t.notOk(isDatabaseUnavailable(new TypeError('x')));
  t.notOk(isDatabaseUnavailable(null));
});

t.test('an outage: unavailable from the second failed probe in a row; the pools are renewed before it counts as back', async (t) => {
  const { probe, calls } = scriptedProbe(3);
  const log = memoryLog();
  const health = new DatabaseHealth({ probe, log, probeIntervalMs: 5, maxProbeIntervalMs: 20 });
  t.teardown(() => health.close());
  const steps: string[] = [];
  health.onLost(() => steps.push(`lost (available: ${health.available})`));
  health.onRecovered(() => steps.push(`recovered (available: ${health.available})`));

  t.equal(health.report(new Error('syntax error')), false, 'a query error is not an outage');
  t.equal(calls.count, 0, 'and starts no probe');
  t.equal(health.report(unreachable()), true);
  await waitFor(() => !health.available, 2_000, 'unavailable');
  t.equal(health.retryAfterSeconds, 5);
  const back = health.untilAvailable();
  await waitFor(() => health.available, 2_000, 'available again');
  t.equal(await back, true, 'a waiter is released');
  t.same(steps, ['lost (available: false)', 'recovered (available: false)'], 'each step once, and in this order');
  t.equal(calls.count, 4, 'probed until it answered');
  t.ok(log.lines.some((line) => line.level === 'error' && /database unavailable/.test(line.message)));
  t.ok(log.lines.some((line) => line.level === 'info' && /available again/.test(line.message)));
});

t.test('a broken query with the database reachable renews the pools at once, with no unavailable period', async (t) => {
  const { probe } = scriptedProbe(0);
  const health = new DatabaseHealth({ probe, log: memoryLog() });
  t.teardown(() => health.close());
  let renewed = 0;
  let lost = 0;
  health.onRecovered(() => (renewed += 1));
  health.onLost(() => (lost += 1));
  health.report(unreachable());
  await waitFor(() => renewed === 1, 2_000, 'the pools renewed');
  t.equal(lost, 0);
  t.equal(health.available, true);
});

t.test('one slow or failed probe on a busy machine is not an outage', async (t) => {
  const { probe, calls } = scriptedProbe(1);
  const health = new DatabaseHealth({ probe, log: memoryLog(), probeIntervalMs: 5 });
  t.teardown(() => health.close());
  let lost = 0;
  health.onLost(() => (lost += 1));
  health.suspect();
  await waitFor(() => calls.count === 2, 2_000, 'a second probe');
  await health.untilAvailable();
  t.equal(lost, 0, 'never unavailable');
});

t.test('a connection closing (suspect) only probes: nothing is renewed when the database answers', async (t) => {
  const { probe, calls } = scriptedProbe(0);
  const health = new DatabaseHealth({ probe, log: memoryLog() });
  t.teardown(() => health.close());
  let renewed = 0;
  health.onRecovered(() => (renewed += 1));
  health.suspect();
  await waitFor(() => calls.count === 1, 2_000, 'one probe');
  await health.untilAvailable();
  t.equal(renewed, 0);
});

t.test('waiters let go when they stop, or when the watch closes', async (t) => {
  const { probe } = scriptedProbe(Infinity);
  const health = new DatabaseHealth({ probe, log: memoryLog(), probeIntervalMs: 5, maxProbeIntervalMs: 10 });
  health.report(unreachable());
  await waitFor(() => !health.available, 2_000, 'unavailable');
  const stopping = new AbortController();
  const worker = health.untilAvailable(stopping.signal);
  stopping.abort();
  t.equal(await worker, false, 'a stopping worker is released with false');
  const other = health.untilAvailable();
  health.close();
  t.equal(await other, false, 'closing releases everyone');
});
