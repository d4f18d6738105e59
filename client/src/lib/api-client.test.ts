import t, { type Test } from 'tap';
import { api, setUnauthorizedHandler } from './api-client.ts';
import { ApiError } from './api-errors.ts';
import { AUTH_TOKEN_KEY } from './auth-storage.ts';
import { pageClock, startEarlyRead } from './early-reads.ts';
import { setRestrictedHandler } from './restriction.ts';

// Every test here runs in the page's first moments, however long the machine took to get here.
pageClock.sincePageStart = () => 0;

// The client's storage, as a browser has it, holding a session.
const stored = new Map<string, string>([[AUTH_TOKEN_KEY, 'tok']]);
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    clear: () => stored.clear(),
  },
});

/** Every GET is answered by `answers` in turn; returns the URLs asked. */
function fakeServer(t: Test, answers: Array<{ status: number; body: unknown }>) {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string) => {
    asked.push(url);
    const { status, body } = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = realFetch;
  });
  return asked;
}

t.test('a GET takes the answer the boot script asked for instead of asking again', async (t) => {
  const asked = fakeServer(t, [{ status: 200, body: { early: true } }]);
  void startEarlyRead('/api/v1/my_profile/', 'tok', 0);
  t.same(await api.get('/my_profile/'), { early: true });
  t.same(asked, ['/api/v1/my_profile/'], 'one request in all');
});

t.test('an early read with no answer or a 5xx is asked again, with the retries', async (t) => {
  const asked = fakeServer(t, [
    { status: 503, body: { detail: 'Busy.' } },
    { status: 200, body: { again: true } },
  ]);
  void startEarlyRead('/api/v1/filter_profiles/', 'tok', 0);
  t.same(await api.get('/filter_profiles/', { toastErrors: false }), { again: true });
  t.same(asked, ['/api/v1/filter_profiles/', '/api/v1/filter_profiles/'], 'the early request, then its own');
});

t.test("an early read's 4xx is final: handled as the request's own answer, not asked again", async (t) => {
  const asked = fakeServer(t, [{ status: 403, body: { detail: 'Complete your profile first.' } }]);
  void startEarlyRead('/api/v1/profiles/?page_size=20', 'tok', 0);
  const failure = await api.get('/profiles/?page_size=20', { toastErrors: false }).then(
    () => undefined,
    (error: unknown) => error,
  );
  t.equal(failure instanceof ApiError && failure.status, 403);
  t.equal(asked.length, 1, 'one request in all');
});

t.test("an early read's 401 signs the member out, as the request's own would", async (t) => {
  const asked = fakeServer(t, [{ status: 401, body: { detail: 'Invalid token.' } }]);
  let signedOut = 0;
  setUnauthorizedHandler(() => signedOut++);
  t.ok(startEarlyRead('/api/v1/profile/completeness/', 'tok', 0), 'started early');
  await api.get('/profile/completeness/').catch(() => {});
  t.equal(asked.length, 1, 'one request in all');
  t.equal(signedOut, 1, 'the unauthorized handler ran');
  t.equal(stored.has(AUTH_TOKEN_KEY), false, 'the stored session is gone');
  stored.set(AUTH_TOKEN_KEY, 'tok');
});

t.test('writes never take an early answer', async (t) => {
  const asked = fakeServer(t, [
    { status: 200, body: { early: true } },
    { status: 200, body: { posted: true } },
  ]);
  void startEarlyRead('/api/v1/match/like/', 'tok', 0);
  t.same(await api.post('/match/like/', { user_id: 1 }), { posted: true });
  t.equal(asked.length, 2);
});

t.test('a mutation with an Idempotency-Key is sent again with the same key after a 503; one without is not', async (t) => {
  const sent: Array<{ method: string; key: string | null }> = [];
  const answers = [
    { status: 503, body: { detail: 'Betroth is briefly unavailable.' } },
    { status: 200, body: { chat_unlocked: true } },
    { status: 503, body: { detail: 'Betroth is briefly unavailable.' } },
  ];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    sent.push({ method: String(init.method), key: new Headers(init.headers).get('Idempotency-Key') });
    const { status, body } = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = realFetch;
  });

  t.same(await api.post('/use_chat_credit/', { match_id: 7 }, { toastErrors: false, idempotencyKey: 'tap-1' }), { chat_unlocked: true });
  t.same(sent, [
    { method: 'POST', key: 'tap-1' },
    { method: 'POST', key: 'tap-1' },
  ]);

  const failure = await api.post('/match/like/', { user_id: 1 }, { toastErrors: false }).catch((error: unknown) => error);
  t.equal(failure instanceof ApiError && failure.status, 503, 'the unkeyed write answers its 503');
  t.same(sent.slice(2), [{ method: 'POST', key: null }], 'and was sent once, with no key');
});

t.test("a restricted account's 403 goes to the restriction handler, with no toast", async (t) => {
  fakeServer(t, [{ status: 403, body: { error: 'Forbidden', detail: 'Your account is banned.', code: 'account_restricted' } }]);
  let restricted = 0;
  setRestrictedHandler(() => restricted++);
  const failure = await api.get('/match/matches/').catch((error: unknown) => error);
  t.equal(failure instanceof ApiError && failure.status, 403, 'the caller still gets the error');
  t.equal(restricted, 1, 'the handler ran');
  t.equal(stored.get(AUTH_TOKEN_KEY), 'tok', 'the session stays: a restricted member may still read and appeal');
});
