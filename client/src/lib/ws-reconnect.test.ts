import t from 'tap';
import { WS_CLOSE } from '@contract/realtime.ts';
import { BACKOFF_MAX_MS, backoffDelay, isFinalClose } from './ws-reconnect.ts';

t.test('backoff: 1 s doubling to 30 s, with jitter that only lowers it', async (t) => {
  t.same(
    [0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, () => 0)),
    [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000],
  );
  t.equal(
    backoffDelay(0, () => 1),
    700,
    'at most 30 % off',
  );
  for (let attempt = 0; attempt < 40; attempt++) {
    const d = backoffDelay(attempt, Math.random);
    t.ok(d >= 700 && d <= BACKOFF_MAX_MS, `attempt ${attempt}: ${d} ms in range`);
  }
  t.equal(
    backoffDelay(Number.MAX_SAFE_INTEGER, () => 0),
    BACKOFF_MAX_MS,
    'never overflows',
  );
});

t.test('only a session that ended or a socket let go for too many stop the attempts', async (t) => {
  t.ok(isFinalClose(WS_CLOSE.sessionEnded));
  t.ok(isFinalClose(WS_CLOSE.tooManySockets));
  for (const code of [1000, 1001, 1006, 4000, 4008]) t.notOk(isFinalClose(code), `${code} is retried`);
});
