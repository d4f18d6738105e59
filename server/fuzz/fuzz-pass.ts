/**
 * One fuzz pass on a fresh app and cast: the fixed pass (every catalogue value in every place),
 * over one half of the operations of openapi.yaml, or the random pass over all of them
 * (fast-check from a fixed seed). Three test files run one each, side by side, each with its
 * own time limit.
 * A request fails when the answer is a 5xx (the documented 501 of biometric reset aside), when
 * an /api/v1 answer is not JSON, when no answer comes, or when Object, its prototype or
 * Array.prototype gained a property. Every distinct failure is reported with the request that
 * caused it and the error the server logged. Afterwards the server must still be ready and serve
 * a member's own profile and discovery normally.
 */
import fc from 'fast-check';
import type { Test } from 'tap';
import { buildTestApp } from '../test/app.ts';
import { loadApiDocument, type Operation } from './operations.ts';
import { type Failure, LogTap, Prober, prototypeSnapshot } from './probe.ts';
import { catalogueRequests, requestArbitrary } from './requests.ts';
import { buildWorld } from './world.ts';

export const SEED = Number(process.env.FUZZ_SEED ?? 424_242);
export const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 8_000);

/** Sign-up and sign-in hash or verify a password (tens of ms each): picked less often. */
const weightOf = (op: Operation) => (/\/(signup|signin)\/$/.test(op.path) ? 1 : 4);

const EXAMPLES_PER_FAULT = 3;

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

export type FuzzPass = { kind: 'fixed'; half: 0 | 1 } | { kind: 'random' };

export async function runFuzzPass(t: Test, pass: FuzzPass): Promise<void> {
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

  if (pass.kind === 'fixed') {
    // Every other operation, in the order documented: both halves together cover them all.
    const operations = document.operations.filter((_, index) => index % 2 === pass.half);
    const fixed = catalogueRequests({ ...document, operations }, world);
    for (const request of fixed) await prober.send(request);
    t.comment(
      `fixed pass, half ${pass.half + 1} of 2: ${operations.length} operations, ${fixed.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (set-up included)`,
    );
    t.ok(prober.sent >= 5_000, `at least 5,000 requests sent (${prober.sent})`);
  } else {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(document, world, weightOf), async (request) => {
        request.label = `random #${++run} of seed ${SEED}`;
        await prober.send(request);
      }),
      { numRuns: RANDOM_RUNS, seed: SEED, endOnFailure: true },
    );
    t.comment(`random pass: ${run} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (set-up included)`);
    t.ok(prober.sent >= RANDOM_RUNS, `${prober.sent} random requests sent`);
  }
  t.comment(
    `${prober.sent} requests, ${world.throwawaysMade()} throwaway accounts, statuses ${JSON.stringify(Object.fromEntries([...prober.statuses].sort(([a], [b]) => a - b)))}`,
  );
  const slowest = [...prober.millisByOperation].sort(([, a], [, b]) => b - a).slice(0, 5);
  t.comment(`slowest operations: ${slowest.map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);

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
    t.equal(({} as Record<string, unknown>).min, undefined, 'a fresh object has no min');
  });
}
