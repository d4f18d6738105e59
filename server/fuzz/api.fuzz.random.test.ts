/**
 * API fuzz, random pass, generated from openapi.yaml: fast-check mixes valid and unknown ids,
 * schema-shaped bodies and hostile values from a fixed seed (fuzz-pass.ts). The fixed pass is
 * api.fuzz.fixed-1.test.ts and -2. Reproduce or dig deeper with FUZZ_SEED=<seed> and FUZZ_RUNS=<runs>.
 */
import t from 'tap';
import { RANDOM_RUNS, runFuzzPass, SEED } from './fuzz-pass.ts';

// 8,000 requests by default; see api.fuzz.fixed-1.test.ts and -2 for why the limit is its own.
t.setTimeout(360_000);

t.test(`API fuzz from openapi.yaml: the random pass (seed ${SEED}, ${RANDOM_RUNS} requests)`, (t) => runFuzzPass(t, { kind: 'random' }));
