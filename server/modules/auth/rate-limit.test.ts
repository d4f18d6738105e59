import t from 'tap';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';

t.test('sign-in is limited per identifier, then per IP', async (t) => {
  const { app } = await buildTestApp(t, { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' });
  const member = await signUp(app, { username: 'limited' });
  const attempt = (username: string, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/v1/signin/', remoteAddress: ip, payload: { username, password: 'wrong-password-1' } });

  for (let i = 0; i < 3; i++) t.equal((await attempt('limited')).statusCode, 400);
  const blocked = await attempt('limited');
  t.equal(blocked.statusCode, 429);
  t.equal(blocked.json().error, AUTH_MESSAGES.tooManyAttempts);
  t.ok(Number(blocked.headers['retry-after']) > 0, 'says when to retry');

  const fromElsewhere = await attempt('LIMITED', '10.0.0.2');
  t.equal(fromElsewhere.statusCode, 429, 'the identifier stays limited from another address, any case');

  const correct = await app.inject({
    method: 'POST', url: '/api/v1/signin/', remoteAddress: '10.0.0.3', payload: { username: 'limited', password: member.password },
  });
  t.equal(correct.statusCode, 429, 'even the right password waits out the window');

  // The IP allowance is 5x the identifier allowance: 15 attempts over different identifiers.
  let lastStatus = 0;
  for (let i = 0; i < 16; i++) lastStatus = (await attempt(`someone_${i}`, '10.0.0.9')).statusCode;
  t.equal(lastStatus, 429, 'one address trying many identifiers is limited too');
});

t.test('sign-up and reset requests are limited too', async (t) => {
  const { app } = await buildTestApp(t, { AUTH_RATE_LIMIT_MAX: '2' });
  const reset = () => app.inject({ method: 'POST', url: '/api/v1/request-password-reset/', payload: { email: 'x@example.com' } });
  t.equal((await reset()).statusCode, 200);
  t.equal((await reset()).statusCode, 200);
  t.equal((await reset()).statusCode, 429);

  const signup = () =>
    app.inject({ method: 'POST', url: '/api/v1/signup/', payload: { username: 'x', email: 'same@example.com', password1: 'a', password2: 'a' } });
  t.equal((await signup()).statusCode, 400);
  t.equal((await signup()).statusCode, 400);
  t.equal((await signup()).statusCode, 429);
});
