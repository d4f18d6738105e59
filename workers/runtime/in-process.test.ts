import t from 'tap';
import { inProcessHarness } from './harness.ts';
import { deliverySuite } from './suite.ts';

t.test('in-process transport', async (t) => {
  deliverySuite(t, inProcessHarness);
});
