import t, { type Test } from 'tap';
import { ApiError } from './api-errors.ts';
import { EARLY_READ_WINDOW_MS, startEarlyRead, takeEarlyRead } from './early-reads.ts';

/** Answers every GET with `{ url }` and records what was asked, with which session header. */
function fakeServer(t: Test) {
  const asked: Array<{ url: string; authorization: string | undefined }> = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    asked.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
    if (url.includes('fail')) return new Response(JSON.stringify({ detail: 'nope' }), { status: 500 });
    return new Response(JSON.stringify({ url }), { status: 200 });
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = realFetch;
  });
  return asked;
}

t.test('an early read is handed once to the same URL with the same session', async (t) => {
  const asked = fakeServer(t);
  const started = startEarlyRead('/api/v1/a/', 'tok', 10);
  t.same(await started, { url: '/api/v1/a/' });
  t.same(asked, [{ url: '/api/v1/a/', authorization: 'Token tok' }], 'one request, with the session');
  t.equal(startEarlyRead('/api/v1/a/', 'tok', 20), started, 'asking again starts nothing new');
  t.equal(takeEarlyRead('/api/v1/a/', 'tok', 30), started, 'the app takes the answer');
  t.equal(takeEarlyRead('/api/v1/a/', 'tok', 40), undefined, 'only once');
  t.equal(asked.length, 1);
});

t.test('another session, another URL or a closed window gets nothing', async (t) => {
  fakeServer(t);
  void startEarlyRead('/api/v1/b/', 'tok', 10);
  t.equal(takeEarlyRead('/api/v1/b/', 'other', 20), undefined, 'signed in as someone else since');
  void startEarlyRead('/api/v1/c/', 'tok', 10);
  t.equal(takeEarlyRead('/api/v1/c/?page=2', 'tok', 20), undefined, 'another URL');
  t.equal(takeEarlyRead('/api/v1/c/', 'tok', EARLY_READ_WINDOW_MS + 1), undefined, 'after the first seconds nothing is handed out');
  t.equal(startEarlyRead('/api/v1/d/', 'tok', EARLY_READ_WINDOW_MS + 1), undefined, 'nor started');
});

t.test('once the app has asked for a URL itself, no early read of it starts', async (t) => {
  const asked = fakeServer(t);
  t.equal(takeEarlyRead('/api/v1/e/', 'tok', 10), undefined, 'nothing early: the app asks itself');
  t.equal(startEarlyRead('/api/v1/e/', 'tok', 20), undefined, 'the boot script, behind the app, adds nothing');
  t.equal(asked.length, 0, 'no second request');
});

t.test('a failed early read is handed over as a failure and is no unhandled rejection', async (t) => {
  fakeServer(t);
  void startEarlyRead('/api/v1/fail/', 'tok', 10);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const taken = takeEarlyRead('/api/v1/fail/', 'tok', 20);
  const failure = await (taken as Promise<unknown>).then(
    () => undefined,
    (error: unknown) => error,
  );
  t.equal(failure instanceof ApiError && failure.status, 500, 'the taker sees the ApiError (the api client then asks again)');
});
