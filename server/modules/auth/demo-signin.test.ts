/** Demo members (users.is_demo) are shown to others but never signed in to, even with their real password. */
import { eq } from 'drizzle-orm';
import t from 'tap';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { users } from '../../kernel/db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { signin } from './auth.service.ts';
import { verifyPassword } from './passwords.ts';

t.test('a demo account is refused like a wrong password, even with its real password', async (t) => {
  const { app, db } = await buildTestApp(t);
  // A real account whose password we know, then marked as a demo member: its hash is genuine.
  const demo = await signUp(app, { username: 'Amelia_R', password: 'Known-Pass-42' });
  const real = await signUp(app, { username: 'real_member', password: 'Known-Pass-42' });
  await db.update(users).set({ isDemo: true }).where(eq(users.id, demo.userId));

  const signIn = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username, password } });

  const refused = await signIn('Amelia_R', 'Known-Pass-42');
  const wrongPassword = await signIn('real_member', 'Wrong-Pass-42');
  t.equal(refused.statusCode, 400, 'the demo account is refused');
  t.same(refused.json(), wrongPassword.json(), 'with exactly the answer a wrong password gets');
  t.equal(refused.json().error, AUTH_MESSAGES.invalidCredentials);
  t.equal((await signIn(demo.email, 'Known-Pass-42')).statusCode, 400, 'by email too');
  t.equal((await signIn('real_member', 'Known-Pass-42')).statusCode, 200, 'the same password opens a real account');
  t.not(real.userId, demo.userId);
});

t.test('the refusal costs the same password verification as a wrong password', async (t) => {
  const { app, db } = await buildTestApp(t);
  const demo = await signUp(app, { username: 'jose94', password: 'Known-Pass-42' });
  await db.update(users).set({ isDemo: true }).where(eq(users.id, demo.userId));
  const attempt = async (password: string) => {
    let calls = 0;
    const verify = (hash: string, given: string) => {
      calls++;
      return verifyPassword(hash, given);
    };
    const outcome = await signin(app, { username: 'jose94', password }, { ip: '10.0.0.2', verify }).then(
      () => 'signed in',
      (error: Error) => error.message,
    );
    return { calls, outcome };
  };
  t.same(await attempt('Known-Pass-42'), { calls: 1, outcome: AUTH_MESSAGES.invalidCredentials }, 'right password');
  t.same(await attempt('Wrong-Pass-42'), { calls: 1, outcome: AUTH_MESSAGES.invalidCredentials }, 'wrong password');
});
