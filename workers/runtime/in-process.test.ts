import t from 'tap';
import { inProcessHarness } from '../test/harness.ts';
import { deliverySuite } from '../test/delivery-suite.ts';

t.test('in-process transport', async (t) => {
  deliverySuite(t, inProcessHarness);
});
