import t from 'tap';
import { MAX_READ_RETRIES, retryDelay, shouldRetry } from './retry-policy.ts';

t.test('delay starts at 1 s, doubles and caps at 30 s', async (t) => {
  t.same([1, 2, 3, 4, 5, 6].map(retryDelay), [1000, 2000, 4000, 8000, 16000, 30000]);
  t.equal(retryDelay(20), 30000);
});

t.test('reads retry on network errors and 5xx, up to 3 times', async (t) => {
  t.equal(MAX_READ_RETRIES, 3);
  t.ok(shouldRetry('GET', undefined, 1));
  t.ok(shouldRetry('get', 502, 3));
  t.notOk(shouldRetry('GET', 500, 4), 'a fourth retry is refused');
  t.notOk(shouldRetry('GET', 404, 1));
  t.notOk(shouldRetry('GET', 401, 1));
  t.notOk(shouldRetry('GET', 429, 1));
});

t.test('mutations are retried only with an Idempotency-Key, and then like reads', async (t) => {
  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
    t.notOk(shouldRetry(method, undefined, 1), `${method} without a key, no answer`);
    t.notOk(shouldRetry(method, 503, 1), `${method} without a key, 503`);
    t.ok(shouldRetry(method, undefined, 1, true), `${method} with a key, no answer`);
    t.ok(shouldRetry(method, 503, 3, true), `${method} with a key, 503`);
    t.notOk(shouldRetry(method, 503, 4, true), `${method} with a key, a fourth retry`);
    t.notOk(shouldRetry(method, 402, 1, true), `${method} with a key, a 4xx is final`);
  }
});
