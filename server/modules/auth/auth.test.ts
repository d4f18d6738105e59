import { sql } from 'drizzle-orm';
import t from 'tap';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';

const json = (payload: unknown) => ({ 'content-type': 'application/json', payload });

t.test('sign-up', async (t) => {
  const { app, db } = await buildTestApp(t);

  t.test('creates an account, answers {user, token} and the token works', async (t) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/signup/',
      payload: { username: 'Grace_Hopper', email: 'grace@example.com', password1: 'Navy-1906', password2: 'Navy-1906' },
    });
    t.equal(response.statusCode, 201);
    const body = response.json();
    t.type(body.user, 'number');
    t.type(body.token, 'string');
    t.same(Object.keys(body).sort(), ['token', 'user']);
    const signout = await app.inject({ method: 'POST', url: '/api/v1/signout/', headers: { authorization: `Token ${body.token}` } });
    t.equal(signout.statusCode, 200);
  });

  t.test('stores an argon2id hash with the OWASP parameters', async (t) => {
    const [row] = await db.execute<{ password_hash: string }>(sql`select password_hash from users where username = 'Grace_Hopper'`);
    t.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['too short username', { username: 'ab' }, 'username', AUTH_MESSAGES.usernameTooShort],
    ['too long username', { username: 'a'.repeat(33) }, 'username', AUTH_MESSAGES.usernameTooLong],
    ['username with symbols', { username: 'bad name!' }, 'username', AUTH_MESSAGES.usernameCharacters],
    ['invalid email', { email: 'not-an-email' }, 'email', AUTH_MESSAGES.invalidEmail],
    ['short password', { password1: 'Ab1', password2: 'Ab1' }, 'password1', AUTH_MESSAGES.passwordTooShort],
    ['mismatched passwords', { password2: 'Different-123' }, 'password2', AUTH_MESSAGES.passwordsDontMatch],
    ['username taken, other case', { username: 'grace_hopper' }, 'username', AUTH_MESSAGES.usernameTaken],
    ['email taken, other case', { email: 'GRACE@example.com' }, 'email', AUTH_MESSAGES.emailTaken],
  ];
  for (const [name, override, field, message] of cases) {
    t.test(`rejects ${name} with the spec message and creates nothing`, async (t) => {
      const [{ count: before }] = await db.execute<{ count: number }>(sql`select count(*)::int as count from users`);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/signup/',
        payload: { username: 'new_member', email: 'new@example.com', password1: 'Strong-Pass-1', password2: 'Strong-Pass-1', ...override },
      });
      t.equal(response.statusCode, 400);
      const body = response.json();
      t.equal(body.error, message);
      t.same(body.errors[field], [message]);
      const [{ count: after }] = await db.execute<{ count: number }>(sql`select count(*)::int as count from users`);
      t.equal(after, before);
    });
  }

  t.test('a missing field is a 400 naming the field', async (t) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/signup/', payload: { username: 'someone' } });
    t.equal(response.statusCode, 400);
    t.ok(response.json().errors.email);
  });

  t.test('malformed JSON is a clean 400', async (t) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/signup/', headers: json('{').valueOf() as never, payload: '{' });
    t.equal(response.statusCode, 400);
    t.notMatch(response.body, /at .*\.ts/);
  });
});

t.test('sign-in', async (t) => {
  const { app, db } = await buildTestApp(t);
  const ada = await signUp(app, { username: 'ada', email: 'ada@example.com', password: 'Analytical-1843' });

  t.test('by username, email (any case) answers {user, username, email, token}', async (t) => {
    for (const identifier of ['ada', 'ADA', 'ada@example.com', 'Ada@Example.com']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/signin/',
        payload: { username: identifier, password: ada.password },
      });
      t.equal(response.statusCode, 200, identifier);
      const body = response.json();
      t.same(
        { user: body.user, username: body.username, email: body.email },
        { user: ada.userId, username: 'ada', email: 'ada@example.com' },
      );
      t.type(body.token, 'string');
    }
  });

  t.test('by a phone shared by several accounts signs in the one whose password matches', async (t) => {
    const other = await signUp(app, { username: 'ada_twin', password: 'Other-Password-7' });
    await db.execute(sql`update profiles set phone = '+15550102030' where user_id in (${ada.userId}, ${other.userId})`);
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      payload: { username: '+1 (555) 010-2030', password: ada.password },
    });
    t.equal(first.statusCode, 200);
    t.equal(first.json().username, 'ada');
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      payload: { username: '+15550102030', password: 'Other-Password-7' },
    });
    t.equal(second.json().username, 'ada_twin');
  });

  t.test('wrong password and unknown user get the same 400', async (t) => {
    const wrong = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'ada', password: 'nope-nope-1' } });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      payload: { username: 'nobody_here', password: 'nope-nope-1' },
    });
    t.equal(wrong.statusCode, 400);
    t.equal(unknown.statusCode, 400);
    t.equal(wrong.json().error, AUTH_MESSAGES.invalidCredentials);
    t.same(unknown.json(), wrong.json());
  });

  t.test('empty fields get the spec messages', async (t) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: ' ', password: '' } });
    t.equal(response.statusCode, 400);
    t.same(response.json().errors, { username: [AUTH_MESSAGES.identifierRequired], password: [AUTH_MESSAGES.passwordRequired] });
  });

  t.test('no response ever carries a password hash', async (t) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'ada', password: ada.password } });
    t.notMatch(response.body, /argon2|password_hash|passwordHash/);
  });
});

t.test('tokens and sign-out', async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app);
  const signout = (authorization?: string) =>
    app.inject({ method: 'POST', url: '/api/v1/signout/', headers: authorization ? { authorization } : {} });

  t.test('missing, forged and malformed tokens are 401', async (t) => {
    t.equal((await signout()).statusCode, 401);
    t.equal((await signout('Token not.a.jwt')).statusCode, 401);
    const [header, payload] = member.token.split('.');
    t.equal((await signout(`Token ${header}.${payload}.forgedsignature`)).statusCode, 401);
    t.equal((await signout(`Basic ${member.token}`)).statusCode, 401);
    const body = (await signout()).json();
    t.type(body.error, 'string');
  });

  t.test('an expired token is 401', async (t) => {
    const expired = app.jwt.sign({ sid: '00000000-0000-4000-8000-000000000000', sub: '1' }, { expiresIn: -10 });
    t.equal((await signout(`Token ${expired}`)).statusCode, 401);
  });

  t.test('Bearer is accepted as well as Token; sign-out revokes the session', async (t) => {
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      payload: { username: member.username, password: member.password },
    });
    const token = second.json().token;
    t.equal((await signout(`Bearer ${token}`)).statusCode, 200);
    t.equal((await signout(`Bearer ${token}`)).statusCode, 401, 'revoked token stops working');
    t.equal((await signout(member.auth.authorization)).statusCode, 200, 'other sessions are untouched');
  });
});

t.test('biometric reset is not offered', async (t) => {
  const { app } = await buildTestApp(t);
  const response = await app.inject({ method: 'POST', url: '/api/v1/reset-password-biometric/', payload: {} });
  t.equal(response.statusCode, 501);
  t.equal(response.json().error, AUTH_MESSAGES.biometricNotOffered);
});

t.test('security headers are on every response, errors included', async (t) => {
  const { app } = await buildTestApp(t);
  for (const url of ['/', '/api/v1/nothing-here', '/docs']) {
    const response = await app.inject({ method: 'GET', url });
    t.ok(response.headers['content-security-policy'], `${url} has a CSP`);
    t.equal(response.headers['x-content-type-options'], 'nosniff');
    t.ok(response.headers['strict-transport-security']);
  }
  const missing = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  t.equal(missing.statusCode, 404);
  t.type(missing.json().error, 'string');
});
