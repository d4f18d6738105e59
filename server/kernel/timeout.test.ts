import t from 'tap';
import { timersDueWithin } from '../test/timer-sentinel.ts';
import { TimeoutError, withTimeout } from './timeout.ts';

t.test('work that finishes in time passes through', async (t) => {
  t.equal(await withTimeout(Promise.resolve(7), 1000), 7);
  await t.rejects(withTimeout(Promise.reject(new Error('decoder said no')), 1000), { message: 'decoder said no' });
});

t.test('work that never settles fails with a TimeoutError', async (t) => {
  const started = Date.now();
  await t.rejects(withTimeout(new Promise(() => {}), 30), TimeoutError);
  t.ok(Date.now() - started < 1000);
});

t.test('a late failure of abandoned work is not an unhandled rejection', async (t) => {
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 20));
  await t.rejects(withTimeout(late, 5), TimeoutError);
  // The late rejection comes from a 20 ms timer: once this fires, it has happened, handled or not.
  await timersDueWithin(20);
});
