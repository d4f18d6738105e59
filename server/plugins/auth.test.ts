import { createHmac } from 'node:crypto';
import t from 'tap';
import { buildTestApp } from '../test/app.ts';
import { signUp } from '../test/factories.ts';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A token over the given claims, signed with the app's own secret under any HMAC algorithm. */
function forge(claims: object, secret: string, alg: 'HS256' | 'HS384' | 'HS512'): string {
  const head = `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  return `${head}.${createHmac(hash, secret).update(head).digest('base64url')}`;
}

t.test('tokens are HS256 only', async (t) => {
  const { app, jwtSecret } = await buildTestApp(t);
  const member = await signUp(app, { username: 'pinned' });
  const [header, payload] = member.token.split('.');
  t.equal(JSON.parse(Buffer.from(header, 'base64url').toString()).alg, 'HS256', 'issued as HS256');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const withToken = (token: string) => app.inject({ url: '/api/v1/my_profile/', headers: { authorization: `Token ${token}` } });

  t.equal((await withToken(forge(claims, jwtSecret, 'HS256'))).statusCode, 200, 'a well-made HS256 token passes (the forger is right)');
  t.equal((await withToken(forge(claims, jwtSecret, 'HS512'))).statusCode, 401, 'HS512 with the same secret is refused');
  t.equal((await withToken(forge(claims, jwtSecret, 'HS384'))).statusCode, 401, 'so is HS384');
  const unsigned = `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
  t.equal((await withToken(unsigned)).statusCode, 401, 'and an unsigned token');
});
