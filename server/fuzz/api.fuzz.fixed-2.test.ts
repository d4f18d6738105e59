/**
 * API fuzz, fixed pass, half 2 of 2 (every other operation of openapi.yaml; the other half is
 * api.fuzz.fixed-1.test.ts): every value of the hostile catalogue (server/test/hostile-values.ts)
 * in every path parameter, query key, body field and header, as the signed-in member and as
 * strangers (fuzz-pass.ts). The random pass is api.fuzz.random.test.ts.
 */
import t from 'tap';
import { runFuzzPass } from './fuzz-pass.ts';

// The fixed pass is about 18,000 requests in all; on the shared 2-core CI machine beside the
// browser journeys one file of all of it ran past six minutes. Its own limit, with room.
t.setTimeout(360_000);

t.test('API fuzz from openapi.yaml: the fixed pass, half 2 of 2', (t) => runFuzzPass(t, { kind: 'fixed', half: 1 }));
