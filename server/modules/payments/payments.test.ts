/** The credit packages: the four packages at the configured prices, with the caller's balance. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { loadConfig } from '../../kernel/config.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';

t.test('packages at the default prices, with my balance', async (t) => {
  const { app, db } = await buildTestApp(t);
  const member = await signUp(app, { username: 'buyer' });
  const answer = await app.inject({ method: 'GET', url: '/api/v1/payments/packages/', headers: member.auth });
  t.equal(answer.statusCode, 200, answer.body);
  t.same(answer.json(), {
    packages: [
      { id: 'chat_1', credits: 1, price: 4.99, currency: 'usd' },
      { id: 'chat_3', credits: 3, price: 12.99, currency: 'usd' },
      { id: 'chat_5', credits: 5, price: 19.99, currency: 'usd' },
      { id: 'chat_7', credits: 7, price: 24.99, currency: 'usd' },
    ],
    current_credits: 0,
  });
  await db.execute(sql`update profiles set chats = 3 where user_id = ${member.userId}`);
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/payments/packages/', headers: member.auth })).json().current_credits,
    3,
    'the balance is mine',
  );
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/payments/packages/' })).statusCode, 401, 'members only');
});

t.test('prices and currency come from the operator', async (t) => {
  const { app } = await buildTestApp(t, { CREDIT_PACKAGE_PRICES: '5,13.5,20,25.00', PAYMENT_CURRENCY: 'EUR' });
  const member = await signUp(app, { username: 'euro' });
  const { packages } = (await app.inject({ method: 'GET', url: '/api/v1/payments/packages/', headers: member.auth })).json();
  t.same(
    packages.map((p: { price: number; currency: string }) => [p.price, p.currency]),
    [
      [5, 'eur'],
      [13.5, 'eur'],
      [20, 'eur'],
      [25, 'eur'],
    ],
  );
});

t.test('bad price settings are refused at start-up, each with its reason', async (t) => {
  for (const prices of ['4.99,12.99,19.99', '4.999,1,2,3', '0,1,2,3', '-1,1,2,3', 'a,b,c,d', '1e3,1,2,3', 'Infinity,1,2,3']) {
    t.throws(() => loadConfig({ CREDIT_PACKAGE_PRICES: prices }), /CREDIT_PACKAGE_PRICES/, prices);
  }
  t.throws(() => loadConfig({ PAYMENT_CURRENCY: 'dollars' }), /PAYMENT_CURRENCY/);
});
