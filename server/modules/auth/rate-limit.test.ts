import { eq } from 'drizzle-orm';
import t from 'tap';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { profiles } from '../../kernel/db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { accountDelayMs, beginSignin } from './signin-limits.ts';

const LIMITS = { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' };
const WRONG = 'Wrong-Password-1';

t.test('sign-in: only failures count, per account and address', async (t) => {
  const { app, db } = await buildTestApp(t, LIMITS);
  const signin = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/signin/', remoteAddress: ip, headers, payload: { username, password } });

  t.test("the attacker's address is stopped; the owner elsewhere still signs in", async (t) => {
    const owner = await signUp(app, { username: 'owner', email: 'owner@example.com' });
    for (let i = 0; i < 3; i++) t.equal((await signin('owner', WRONG, '10.0.1.1')).statusCode, 400);
    const blocked = await signin('owner', WRONG, '10.0.1.1');
    t.equal(blocked.statusCode, 429);
    t.equal(blocked.json().error, AUTH_MESSAGES.tooManyAttempts);
    t.ok(Number(blocked.headers['retry-after']) > 0, 'says when to retry');
    t.equal((await signin('owner', owner.password, '10.0.1.1')).statusCode, 429, 'any password from that address, checked or not');
    t.equal((await signin('OWNER@example.com', WRONG, '10.0.1.1')).statusCode, 429, 'another name of the same account too');
    t.equal((await signin('owner', owner.password, '10.0.1.2')).statusCode, 200, 'the owner from another address signs in');
  });

  t.test('every spelling of a phone, and every name of the account, share one bucket', async (t) => {
    const member = await signUp(app, { username: 'phoned', email: 'phoned@example.com' });
    await db.update(profiles).set({ phone: '+14155550100' }).where(eq(profiles.userId, member.userId));
    for (const spelling of ['+14155550100', '+1 415 555 0100', '+1-415-555-0100']) {
      t.equal((await signin(spelling, WRONG, '10.0.2.1')).statusCode, 400, spelling);
    }
    t.equal((await signin('+1 (415) 555-0100', WRONG, '10.0.2.1')).statusCode, 429, 'a fourth spelling is no fresh start');
    t.equal((await signin('Phoned', WRONG, '10.0.2.1')).statusCode, 429, 'nor is the username');

    // An identifier that names no account is limited by its normalised spelling.
    for (const spelling of ['Nobody@Example.com', ' nobody@example.com', 'NOBODY@EXAMPLE.COM']) {
      t.equal((await signin(spelling, WRONG, '10.0.2.2')).statusCode, 400, spelling);
    }
    t.equal((await signin('nobody@example.com', WRONG, '10.0.2.2')).statusCode, 429);
  });

  t.test('a success does not use up the allowance', async (t) => {
    const member = await signUp(app, { username: 'typist' });
    const statuses = [];
    for (const password of [WRONG, member.password, member.password, member.password, WRONG, WRONG]) {
      statuses.push((await signin('typist', password, '10.0.3.1')).statusCode);
    }
    t.same(statuses, [400, 200, 200, 200, 400, 400], 'three failures in all, so all were checked');
    t.equal((await signin('typist', WRONG, '10.0.3.1')).statusCode, 429, 'the fourth failure is one too many');
  });

  t.test('one address guessing many accounts is limited at 5x', async (t) => {
    const statuses = [];
    for (let i = 0; i < 16; i++) statuses.push((await signin(`someone_${i}`, WRONG, '10.0.4.1')).statusCode);
    t.same(statuses.slice(0, 15), Array(15).fill(400));
    t.equal(statuses[15], 429);
  });

  t.test('without TRUST_PROXY, X-Forwarded-For is ignored', async (t) => {
    await signUp(app, { username: 'spoofed' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await signin('spoofed', WRONG, '10.0.5.1', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    }
    t.same(statuses, [400, 400, 400, 429], 'a made-up address per attempt buys nothing');
  });
});

t.test('with TRUST_PROXY=1 the address the proxy saw counts', async (t) => {
  const { app } = await buildTestApp(t, { ...LIMITS, TRUST_PROXY: '1' });
  const member = await signUp(app, { username: 'proxied' });
  const viaProxy = (forwardedFor: string, password = WRONG) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: 'proxied', password },
    });
  for (let i = 0; i < 3; i++) t.equal((await viaProxy('203.0.113.5')).statusCode, 400);
  t.equal((await viaProxy('203.0.113.5')).statusCode, 429);
  t.equal((await viaProxy('1.2.3.4, 203.0.113.5')).statusCode, 429, 'a client-written hop before the real one changes nothing');
  t.equal((await viaProxy('203.0.113.6', member.password)).statusCode, 200, 'another client behind the same proxy');
});

t.test('with TRUST_PROXY as a CIDR only those proxies are believed', async (t) => {
  const { app } = await buildTestApp(t, { ...LIMITS, TRUST_PROXY: '10.9.0.0/16' });
  await signUp(app, { username: 'cidr' });
  const from = (remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: 'cidr', password: WRONG },
    });
  for (let i = 0; i < 3; i++) t.equal((await from('10.9.3.3', '203.0.113.7')).statusCode, 400);
  t.equal((await from('10.9.3.3', '203.0.113.7')).statusCode, 429, 'the forwarded client is limited');
  t.equal((await from('10.9.3.4', '203.0.113.8')).statusCode, 400, 'another forwarded client is not');

  const direct = [];
  for (let i = 0; i < 4; i++) direct.push((await from('192.0.2.50', `198.51.100.${i}`)).statusCode);
  t.same(direct, [400, 400, 400, 429], 'an untrusted peer cannot name its own address');
});

t.test('guessing one account from many addresses is slowed, not locked', async (t) => {
  const { db } = await buildTestApp(t);
  t.same(
    [1, 3, 4, 5, 6, 7, 8, 20].map((n) => accountDelayMs(n, 3)),
    [0, 0, 250, 500, 1000, 2000, 4000, 4000],
  );

  const waits: number[] = [];
  const deps = { db, max: 3, windowSeconds: 600, sleep: async (ms: number) => void waits.push(ms) };
  for (let i = 1; i <= 6; i++) await beginSignin(deps, `10.1.0.${i}`, ['user:42']);
  t.same(waits, [250, 500, 1000], 'each failure past the third waits longer');

  const owner = await beginSignin(deps, '10.1.1.1', ['user:42']);
  t.equal(owner.delayMs, 2000, 'the owner waits too, but gets in');
  await owner.succeeded();
  const next = await beginSignin(deps, '10.1.1.2', ['user:42']);
  t.equal(next.delayMs, 2000, 'a success does not add to the count');
});

t.test('sign-up and reset requests count every attempt, by normalised identifier', async (t) => {
  const { app } = await buildTestApp(t, { AUTH_RATE_LIMIT_MAX: '2' });
  const reset = (email: string) => app.inject({ method: 'POST', url: '/api/v1/request-password-reset/', payload: { email } });
  t.equal((await reset('x@example.com')).statusCode, 200);
  t.equal((await reset(' X@Example.COM ')).statusCode, 200);
  t.equal((await reset('x@EXAMPLE.com')).statusCode, 429, 'another spelling of the same address');

  const signup = (email: string) =>
    app.inject({ method: 'POST', url: '/api/v1/signup/', payload: { username: 'x', email, password1: 'a', password2: 'a' } });
  t.equal((await signup('same@example.com')).statusCode, 400);
  t.equal((await signup('SAME@example.com')).statusCode, 400);
  t.equal((await signup('same@example.com')).statusCode, 429);

  const spoofedReset = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/request-password-reset/',
      remoteAddress: '10.0.7.1',
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      payload: { email: `person${i}@example.com` },
    });
  const statuses = [];
  for (let i = 0; i < 11; i++) statuses.push((await spoofedReset(i)).statusCode);
  t.equal(statuses[9], 200);
  t.equal(statuses[10], 429, 'one address, whatever it claims, gets 5x the allowance');
});
