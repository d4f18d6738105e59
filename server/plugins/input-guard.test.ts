/**
 * The input guard on real routes: the requests that used to answer 500 or poison a prototype get
 * a 400 with a clear message, change nothing, and the server keeps serving.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { INPUT_MESSAGES } from '../kernel/hostile-input.ts';
import { discover, saveFilters, woman } from '../test/members.ts';
import { buildTestApp } from '../test/app.ts';

t.test('hostile input is refused before it reaches a route', async (t) => {
  const { app, db } = await buildTestApp(t);
  const eve = await woman(app, db);
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

  const cases: Array<[string, () => Promise<{ statusCode: number; json(): { error: string } }>, string]> = [
    ['prototype key in the discovery query', () => discover(app, eve, '__proto__.min=x'), INPUT_MESSAGES.forbiddenKey],
    ['constructor key in the discovery query', () => discover(app, eve, 'constructor[max]=1'), INPUT_MESSAGES.forbiddenKey],
    ['NUL in the discovery query', () => discover(app, eve, 'homeCity=a%00b'), INPUT_MESSAGES.badText],
    [
      'NUL in sign-up',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/signup/',
          payload: { username: 'a\u0000b', email: 'x@example.com', password1: 'Aa-123456', password2: 'Aa-123456' },
        }),
      INPUT_MESSAGES.badText,
    ],
    [
      'NUL in sign-in',
      () => app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'a\u0000', password: 'x' } }),
      INPUT_MESSAGES.badText,
    ],
    [
      'NUL in a reset request',
      () => app.inject({ method: 'POST', url: '/api/v1/request-password-reset/', payload: { email: 'a\u0000@example.com' } }),
      INPUT_MESSAGES.badText,
    ],
    ['NUL in saved filters', () => saveFilters(app, eve, { homeCity: 'a\u0000' }), INPUT_MESSAGES.badText],
    ['a lone surrogate in saved filters', () => saveFilters(app, eve, { homeCity: '\ud800' }), INPUT_MESSAGES.badText],
    [
      'a lone surrogate in a profile save',
      () => app.inject({ method: 'PATCH', url: '/api/v1/profile_update/', headers: eve.auth, payload: { latest_major: 'x\udfff' } }),
      INPUT_MESSAGES.badText,
    ],
    [
      'constructor.prototype in a JSON body',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/filter_profiles/',
          headers: { ...eve.auth, 'content-type': 'application/json' },
          payload: '{"constructor":{"prototype":{"x":1}}}',
        }),
      '',
    ],
    [
      '__proto__ in a JSON body',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/filter_profiles/',
          headers: { ...eve.auth, 'content-type': 'application/json' },
          payload: '{"__proto__":{"x":1}}',
        }),
      '',
    ],
  ];
  for (const [name, send, message] of cases) {
    const response = await send();
    t.equal(response.statusCode, 400, name);
    if (message) t.equal(response.json().error, message, `${name}: says why`);
  }
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from saved_filters`);
  t.equal(n, 0, 'no filters were saved');
  t.same(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeKeys, 'Object.prototype is untouched');
  t.equal((await discover(app, eve)).statusCode, 200, 'the server still answers');
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: eve.auth })).statusCode, 200);
});
