/**
 * API fuzz suite, generated from openapi.yaml: every operation receives hostile path values,
 * query keys and values, bodies, content types and Authorization / X-Forwarded-For headers, as
 * the signed-in member (complete profile, gender set) and as strangers. First a fixed pass puts
 * every catalogue value (server/test/hostile-values.ts) in every place of every operation, then
 * fast-check mixes them at random from a fixed seed.
 *
 * A request fails the suite when the answer is a 5xx (the documented 501 of biometric reset
 * aside), when an /api/v1 answer is not JSON, when no answer comes, or when Object, its
 * prototype or Array.prototype gained a property. Every distinct failure is reported with the
 * request that caused it and the error the server logged. Afterwards the server must still be
 * ready and serve a member's own profile and discovery normally.
 *
 * Reproduce or dig deeper with FUZZ_SEED=<seed> and FUZZ_RUNS=<runs>.
 */
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { buildTestApp } from '../test/app.ts';
import { loadApiDocument, type Operation } from './operations.ts';
import { type Failure, LogTap, Prober, prototypeSnapshot } from './probe.ts';
import { catalogueRequests, requestArbitrary } from './requests.ts';
import { buildWorld } from './world.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 424_242);
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 8_000);

/** Sign-up and sign-in hash or verify a password (tens of ms each): picked less often. */
const weightOf = (op: Operation) => (/\/(signup|signin)\/$/.test(op.path) ? 1 : 4);

const EXAMPLES_PER_FAULT = 3;

// About 26,000 requests: on the shared 2-core CI machine, beside the browser journeys, the file
// has taken 177 s of the suite's default 180 s per file. Its own limit, with room; the requests
// and checks are the same.
t.setTimeout(360_000);

function report(t: Test, failures: Failure[]) {
  const bySignature = new Map<string, Failure[]>();
  for (const failure of failures) bySignature.set(failure.signature, [...(bySignature.get(failure.signature) ?? []), failure]);
  for (const [signature, group] of bySignature) {
    t.fail(`${signature} (${group.length} request${group.length === 1 ? '' : 's'})`, {
      diagnostic: true,
      examples: group.slice(0, EXAMPLES_PER_FAULT).map((f) => ({ request: f.request, answer: f.answer })),
    });
  }
}

t.test(`API fuzz from openapi.yaml (seed ${SEED}, ${RANDOM_RUNS} random requests)`, async (t) => {
  const prototypesBefore = prototypeSnapshot();
  const started = Date.now();
  const document = await loadApiDocument();
  t.ok(document.operations.length >= 20, `${document.operations.length} operations documented`);

  const log = new LogTap();
  const { app, db } = await buildTestApp(
    t,
    // Limits out of the way so requests reach the handlers (a 429 would still be a fine answer).
    { AUTH_RATE_LIMIT_MAX: '100000', PROFILE_VIEW_LIMIT_PER_HOUR: '1000000', DISCOVERY_LIMIT_PER_HOUR: '1000000', LOG_LEVEL: 'error' },
    { logStream: log },
  );
  const world = await buildWorld(app, db, { maxThrowaways: 40 });
  const prober = new Prober(app, world, log);

  const fixed = catalogueRequests(document, world);
  for (const request of fixed) await prober.send(request);
  const afterFixed = Date.now();
  t.comment(`fixed pass: ${fixed.length} requests in ${((afterFixed - started) / 1000).toFixed(1)} s (set-up included)`);

  let run = 0;
  await fc.assert(
    fc.asyncProperty(requestArbitrary(document, world, weightOf), async (request) => {
      request.label = `random #${++run} of seed ${SEED}`;
      await prober.send(request);
    }),
    { numRuns: RANDOM_RUNS, seed: SEED, endOnFailure: true },
  );
  t.comment(`random pass: ${run} requests in ${((Date.now() - afterFixed) / 1000).toFixed(1)} s`);
  t.comment(`${prober.sent} requests, ${world.throwawaysMade()} throwaway accounts, statuses ${JSON.stringify(Object.fromEntries([...prober.statuses].sort(([a], [b]) => a - b)))}`);
  const slowest = [...prober.millisByOperation].sort(([, a], [, b]) => b - a).slice(0, 5);
  t.comment(`slowest operations: ${slowest.map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  t.ok(prober.sent >= 10_000 || RANDOM_RUNS < 8_000, `at least 10,000 requests sent (${prober.sent})`);

  report(t, prober.failures);
  t.equal(prober.failures.length, 0, 'no request made the server fail');

  t.test('the server is healthy afterwards', async (t) => {
    t.equal((await app.inject('/readyz')).statusCode, 200, 'ready');
    const auth = world.witness.auth;
    const own = await app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: auth });
    t.equal(own.statusCode, 200, `own profile: ${own.body.slice(0, 200)}`);
    const discovery = await app.inject({ method: 'GET', url: '/api/v1/profiles/', headers: auth });
    t.equal(discovery.statusCode, 200, `discovery: ${discovery.body.slice(0, 200)}`);
    t.same(prototypeSnapshot(), prototypesBefore, 'Object, Object.prototype and Array.prototype gained no property');
    t.equal((({}) as Record<string, unknown>).min, undefined, 'a fresh object has no min');
  });
});
