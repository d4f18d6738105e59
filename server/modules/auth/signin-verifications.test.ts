import { eq, inArray } from 'drizzle-orm';
import t from 'tap';
import { MAX_ACCOUNTS_PER_PHONE } from '../../contract/auth.ts';
import { profiles } from '../../kernel/db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { signin } from './auth.service.ts';
import { verifyPassword } from './passwords.ts';

// The work of a sign-in must not depend on how many accounts share the identifier, or the
// answer time tells an outsider how many accounts use a phone number.
t.test('a sign-in costs the same number of verifications however many accounts share the phone', async (t) => {
  const { app, db } = await buildTestApp(t);
  const single = await signUp(app, { username: 'single' });
  const sharers = [];
  for (let i = 0; i < MAX_ACCOUNTS_PER_PHONE; i++)
    sharers.push(await signUp(app, { username: `sharer_${i}`, password: `Shared-Pass-${i}` }));
  await db.update(profiles).set({ phone: '+14155550101' }).where(eq(profiles.userId, single.userId));
  await db
    .update(profiles)
    .set({ phone: '+14155550105' })
    .where(
      inArray(
        profiles.userId,
        sharers.map((s) => s.userId),
      ),
    );

  const attempt = async (username: string, password: string) => {
    let calls = 0;
    const verify = (hash: string, given: string) => {
      calls++;
      return verifyPassword(hash, given);
    };
    const outcome = await signin(app, { username, password }, { ip: '10.0.0.1', verify }).then(
      (result) => result.user,
      (error: Error) => error.message,
    );
    return { calls, outcome };
  };

  const phoneCost = MAX_ACCOUNTS_PER_PHONE + 1;
  t.equal((await attempt('+1 415 555 0199', 'Wrong-Pass-1')).calls, phoneCost, 'a phone nobody uses');
  t.equal((await attempt('+1 415 555 0101', 'Wrong-Pass-1')).calls, phoneCost, 'a phone of one account');
  t.equal((await attempt('+1 415 555 0105', 'Wrong-Pass-1')).calls, phoneCost, 'a phone shared by five');
  t.equal((await attempt('unknown_name', 'Wrong-Pass-1')).calls, 1, 'an unknown username');
  t.equal((await attempt('single', 'Wrong-Pass-1')).calls, 1, 'a known username');

  const match = await attempt('+1 415 555 0105', 'Shared-Pass-3');
  t.same(match, { calls: phoneCost, outcome: sharers[3].userId }, 'the account whose password matches signs in, at the same cost');
  t.same(await attempt('+1 415 555 0101', single.password), { calls: phoneCost, outcome: single.userId });
});
