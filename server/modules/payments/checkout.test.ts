/**
 * Buying credits end to end through the local Stripe emulator with the real Stripe SDK: the
 * checkout, the hosted page, the signed webhook, the credit-grants handler, the member's own
 * check on return, and the history. Whatever the order and however often each arrives, a paid
 * checkout grants its package once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { buildTestApp, listenTestApp } from '../../test/app.ts';
import { balanceOf, grantsOf, ledgerMismatches } from '../../test/credits.ts';
import { signUp, type TestMember } from '../../test/factories.ts';
import { inProcessEventsSettled } from '../../test/events-settled.ts';
import { waitFor } from '../../test/nats.ts';
import { createCheckout } from './checkout.service.ts';
import { allowedReturnOrigins, announcedOrigins } from './return-origins.ts';
import { networkInterfaces } from 'node:os';
import type { Log } from '../../kernel/logging.ts';
import { openSocket, wsUrl } from '../../test/ws.ts';

const APP = 'http://localhost:3000';
const RETURN = { success_url: `${APP}/credits`, cancel_url: `${APP}/credits` };

function checkout(app: FastifyInstance, member: TestMember, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/payments/create-checkout/', headers: { ...member.auth, ...headers }, payload });
}

async function openCheckout(
  app: FastifyInstance,
  member: TestMember,
  packageId = 'chat_7',
): Promise<{ session_url: string; session_id: string }> {
  const answer = await checkout(app, member, { package: packageId, ...RETURN });
  if (answer.statusCode !== 200) throw new Error(`checkout failed: ${answer.body}`);
  return answer.json();
}

const purchase = (app: FastifyInstance, member: TestMember, transactionId: string, credits?: number) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/match/purchase_chat_credits/',
    headers: member.auth,
    payload: credits === undefined ? { transaction_id: transactionId } : { transaction_id: transactionId, credits },
  });

async function history(app: FastifyInstance, member: TestMember) {
  return (await app.inject({ method: 'GET', url: '/api/v1/payments/history/', headers: member.auth })).json().payments as Array<
    Record<string, unknown>
  >;
}

t.test('the whole purchase: checkout, the hosted page, the webhook, the grant, the history', async (t) => {
  const { app, db } = await buildTestApp(t);
  const buyer = await signUp(app);
  const { session_url, session_id } = await openCheckout(app, buyer);
  t.match(session_id, /^cs_test_/);
  t.ok(session_url.endsWith(`/c/pay/${session_id}`), 'the hosted page of the session');
  t.same(await history(app, buyer), [], 'an open checkout is not a payment yet');

  const page = await fetch(session_url);
  t.equal(page.status, 200);
  const html = await page.text();
  t.match(html, /24\.99/);
  t.match(html, /USD/);
  const paid = await fetch(`${session_url}/pay`, { method: 'POST', redirect: 'manual' });
  t.equal(paid.status, 303);
  t.equal(
    paid.headers.get('location'),
    `${APP}/credits?status=success&session_id=${session_id}`,
    'back to the credits screen with the session id',
  );

  await waitFor(async () => (await balanceOf(db, buyer)) === 7, 10_000, 'the webhook’s grant');
  t.equal(await grantsOf(db, session_id), 1);
  t.match(await history(app, buyer), [{ id: session_id, credits: 7, amount: 24.99, status: 'succeeded' }]);
  const packages = (await app.inject({ method: 'GET', url: '/api/v1/payments/packages/', headers: buyer.auth })).json();
  t.equal(packages.current_credits, 7);

  const again = await purchase(app, buyer, session_id, 1000);
  t.equal(again.statusCode, 200, again.body);
  t.same(
    again.json(),
    { detail: 'Credits added to your account!', transaction_id: session_id, credits: 7, granted_now: false, current_credits: 7 },
    'the redirect’s check after the webhook adds nothing, and ignores the claimed count',
  );
  const [event] = await db.execute<{ payload: { delta: number; balance: number; reason: string } }>(
    sql`select payload from outbox where subject = 'credits.changed' order by id desc limit 1`,
  );
  t.match(event.payload, { delta: 7, balance: 7, reason: 'purchase' }, 'credits.changed for the member’s screens');
  t.same(await ledgerMismatches(db), []);
});

t.test('return addresses must be this app’s pages; the package must be one of ours', async (t) => {
  const { app } = await buildTestApp(t);
  const buyer = await signUp(app);
  const foreign = [
    'https://evil.example/credits',
    'http://localhost:3001/credits',
    'https://localhost:3000/credits',
    'javascript:alert(1)',
    '//evil.example/credits',
    'http://user:pass@localhost:3000/credits',
    '/credits',
  ];
  for (const url of foreign) {
    for (const field of ['success_url', 'cancel_url']) {
      const answer = await checkout(app, buyer, { package: 'chat_1', ...RETURN, [field]: url });
      t.equal(answer.statusCode, 400, `${field} ${url}`);
      t.equal(answer.json().error, 'Payments are not available at this address');
    }
  }
  for (const bad of ['chat_2', 'CHAT_7', '__proto__', 'chat_7 ']) {
    t.equal((await checkout(app, buyer, { package: bad, ...RETURN })).statusCode, 400, bad);
  }
  t.equal(await history(app, buyer).then((rows) => rows.length), 0, 'nothing was opened');
  const kept = await checkout(app, buyer, {
    package: 'chat_1',
    success_url: `${APP}/credits?tab=buy&status=canceled#x`,
    cancel_url: `${APP}/credits`,
  });
  t.equal(kept.statusCode, 200, 'a query of its own is kept; a status it carried is replaced');
});

t.test('in development every address the server announces may buy and come back, and the hosted page is on that address', async (t) => {
  const { app, db } = await buildTestApp(t);
  await app.listen({ host: '0.0.0.0', port: 0 });
  const buyer = await signUp(app);
  const origins = announcedOrigins(app.addresses().filter((a) => typeof a !== 'string'));
  const port = (app.addresses()[0] as { port: number }).port;
  t.ok(origins.includes(`http://127.0.0.1:${port}`), 'the loopback address it prints');
  t.ok(origins.includes(`http://localhost:${port}`), 'and localhost');
  const lan = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal)
    .map((info) => info.address);
  for (const address of lan) t.ok(origins.includes(`http://${address}:${port}`), `the LAN address ${address}`);
  for (const origin of origins) {
    const answer = await checkout(app, buyer, { package: 'chat_1', success_url: `${origin}/credits`, cancel_url: `${origin}/credits` });
    t.equal(answer.statusCode, 200, `${origin}: ${answer.body}`);
    const page = new URL(answer.json().session_url);
    t.equal(page.hostname, new URL(origin).hostname, `${origin}: the hosted page is on the address the member used`);
    // Paid each time, so the next Purchase opens a new checkout instead of handing this one back.
    if (new URL(origin).hostname === 'localhost') {
      await app.stripeEmulator?.pay(answer.json().session_id);
      continue;
    }
    // The page answers at that address (the emulator listens where the app does).
    t.equal((await fetch(page)).status, 200, `${origin}: the hosted page loads`);
    const paid = await fetch(`${page.href}/pay`, { method: 'POST', redirect: 'manual' });
    t.equal(new URL(paid.headers.get('location') ?? '').origin, origin, `${origin}: Pay returns to the same address`);
  }
  const elsewhere = await checkout(app, buyer, {
    package: 'chat_1',
    success_url: `http://127.0.0.1:${port + 1}/credits`,
    cancel_url: `http://127.0.0.1:${port}/credits`,
  });
  t.equal(elsewhere.statusCode, 400, 'another port is not the app');
  await app.stripeEmulator?.idle();
  await waitFor(async () => (await balanceOf(db, buyer)) === origins.length, 10_000, 'every checkout paid and granted');
});

t.test('in production a page off PUBLIC_URL cannot buy: a plain sentence for the member, PUBLIC_URL named in the log', async (t) => {
  const { app, db } = await buildTestApp(t);
  const buyer = await signUp(app);
  const config = { ...app.config, env: 'production' as const, publicUrl: 'https://betroth.example' };
  const warnings: { details: object; message?: string }[] = [];
  const log: Log = { debug() {}, info() {}, error() {}, warn: (details, message) => void warnings.push({ details, message }) };
  const listening = [{ address: '0.0.0.0', family: 'IPv4', port: 3000 }];
  t.same(allowedReturnOrigins(config, listening), ['https://betroth.example'], 'production: PUBLIC_URL only');
  const deps = { db, config, log, payments: app.payments, returnOrigins: () => allowedReturnOrigins(config, listening) };
  const refused = await createCheckout(deps, buyer.userId, {
    packageId: 'chat_1',
    successUrl: 'http://127.0.0.1:3000/credits',
    cancelUrl: 'http://127.0.0.1:3000/credits',
  }).catch((error: unknown) => error as { statusCode: number; message: string });
  t.match(refused, { statusCode: 400, message: 'Payments are not available at this address' });
  t.equal(warnings.length, 1, 'one warning');
  t.match(warnings[0].message, /PUBLIC_URL \(https:\/\/betroth\.example\)/, 'the log names PUBLIC_URL as the cause');
  t.match(warnings[0].details, { field: 'success_url', returnOrigin: 'http://127.0.0.1:3000', publicUrl: 'https://betroth.example' });
  const opened = await createCheckout(deps, buyer.userId, {
    packageId: 'chat_1',
    successUrl: 'https://betroth.example/credits',
    cancelUrl: 'https://betroth.example/credits',
  });
  t.match(opened.session_id, /^cs_test_/, 'PUBLIC_URL itself works');
});

t.test('announced origins: the interfaces of a wildcard, loopback with localhost, no link-local IPv6', async (t) => {
  const interfaces = {
    lo: [
      { address: '127.0.0.1', family: 'IPv4', internal: true },
      { address: '::1', family: 'IPv6', internal: true },
    ],
    eth0: [
      { address: '192.168.1.20', family: 'IPv4', internal: false },
      { address: 'fd00::2', family: 'IPv6', internal: false },
      { address: 'fe80::1', family: 'IPv6', internal: false },
    ],
  } as unknown as Parameters<typeof announcedOrigins>[1];
  t.same(announcedOrigins([{ address: '0.0.0.0', family: 'IPv4', port: 3000 }], interfaces), [
    'http://127.0.0.1:3000',
    'http://localhost:3000',
    'http://192.168.1.20:3000',
  ]);
  t.same(announcedOrigins([{ address: '::', family: 'IPv6', port: 3000 }], interfaces), [
    'http://127.0.0.1:3000',
    'http://localhost:3000',
    'http://[::1]:3000',
    'http://192.168.1.20:3000',
    'http://[fd00::2]:3000',
  ]);
  t.same(announcedOrigins([{ address: '127.0.0.1', family: 'IPv4', port: 4000 }], interfaces), [
    'http://127.0.0.1:4000',
    'http://localhost:4000',
  ]);
  const development = { env: 'development', publicUrl: 'http://localhost:3000' };
  t.same(allowedReturnOrigins(development, [], interfaces), ['http://localhost:3000'], 'not listening: PUBLIC_URL alone');
});

t.test('a repeated Purchase gets the checkout still open; a paid one is never handed out again', async (t) => {
  const { app } = await buildTestApp(t);
  const buyer = await signUp(app);
  const first = await openCheckout(app, buyer, 'chat_3');
  const [again, andAgain] = await Promise.all([openCheckout(app, buyer, 'chat_3'), openCheckout(app, buyer, 'chat_3')]);
  t.equal(again.session_id, first.session_id, 'a double click is one checkout');
  t.equal(andAgain.session_id, first.session_id);
  t.not((await openCheckout(app, buyer, 'chat_1')).session_id, first.session_id, 'another package is another checkout');

  await app.stripeEmulator?.pay(first.session_id);
  await app.stripeEmulator?.idle();
  const next = await openCheckout(app, buyer, 'chat_3');
  t.not(next.session_id, first.session_id, 'buying the same package again right after paying opens a new checkout');
  t.equal((await fetch(next.session_url)).status, 200, 'and it can be paid');
  t.match(await history(app, buyer), [{ id: first.session_id, status: 'succeeded' }], 'only the paid one is history');
  t.equal((await history(app, buyer)).length, 1);
});

t.test('five deliveries of one event, the redirect and the check, in any order: one grant', async (t) => {
  const { app, db } = await buildTestApp(t);
  const buyer = await signUp(app);
  const emulator = app.stripeEmulator;
  if (!emulator) throw new Error('the tests run on the emulator');
  const { session_id } = await openCheckout(app, buyer, 'chat_5');

  t.equal((await purchase(app, buyer, session_id)).statusCode, 409, 'not paid yet');
  emulator.setDeliver(null); // the webhook is late: the member's own check gets there first
  await emulator.pay(session_id);
  const [checked, checkedAgain] = await Promise.all([purchase(app, buyer, session_id), purchase(app, buyer, session_id)]);
  t.equal(checked.statusCode, 200);
  t.equal(checkedAgain.statusCode, 200);
  t.equal([checked.json().granted_now, checkedAgain.json().granted_now].filter(Boolean).length, 1, 'one of the two checks granted');

  emulator.setDeliver(
    async ({ body, headers }) =>
      (await app.inject({ method: 'POST', url: '/api/v1/payments/webhook/', headers, payload: body })).statusCode,
  );
  const [completed] = emulator.events().filter((event) => event.sessionId === session_id);
  const statuses = await Promise.all(Array.from({ length: 5 }, () => emulator.resend(completed.id)));
  t.same(statuses, [200, 200, 200, 200, 200], 'every delivery acknowledged');
  // Whatever the webhooks set off has been handled before the grants are counted.
  await inProcessEventsSettled(db, [{ handler: 'credit-grants', subjects: ['payments.succeeded'] }]);
  t.equal(await grantsOf(db, session_id), 1, 'exactly one grant');
  t.equal(await balanceOf(db, buyer), 5);
  t.same(await ledgerMismatches(db), []);
});

t.test('a forged or altered webhook changes nothing', async (t) => {
  const { app, db } = await buildTestApp(t);
  const buyer = await signUp(app);
  const emulator = app.stripeEmulator;
  if (!emulator) throw new Error('the tests run on the emulator');
  const { session_id } = await openCheckout(app, buyer, 'chat_7');
  let captured: { body: string; headers: Record<string, string> } | null = null;
  emulator.setDeliver(async (delivery) => {
    captured = delivery;
    return 200;
  });
  await emulator.pay(session_id);
  await emulator.idle();
  if (!captured) throw new Error('no delivery');
  const { body, headers } = captured as { body: string; headers: Record<string, string> };
  const signature = Object.entries(headers).find(([name]) => name.toLowerCase() === 'stripe-signature')?.[1] ?? '';
  const send = (payload: string, signature: string | undefined) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const altered = body.replace('"paid"', '"paid" ');
  for (const [what, answer] of [
    ['no signature', await send(body, undefined)],
    ['a wrong signature', await send(body, 't=1,v1=' + '0'.repeat(64))],
    ['an altered body', await send(altered, signature)],
    ['someone else’s secret', await send(body, signature.replace(/v1=[0-9a-f]+/, 'v1=' + 'a'.repeat(64)))],
  ] as const) {
    t.equal(answer.statusCode, 400, what);
    t.equal(answer.json().error, 'Invalid webhook signature.', what);
  }
  const [{ status }] = await db.execute<{ status: string }>(sql`select status from payments where id = ${session_id}`);
  t.equal(status, 'pending', 'still pending');
  t.equal(await balanceOf(db, buyer), 0);
  t.equal((await send(body, signature)).statusCode, 200, 'the genuine delivery is taken');
  await waitFor(async () => (await balanceOf(db, buyer)) === 7, 10_000, 'grant');
});

t.test('a delayed payment: pending until it settles; a failure grants nothing', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [alice, bob] = [await signUp(app), await signUp(app)];
  const emulator = app.stripeEmulator;
  if (!emulator) throw new Error('the tests run on the emulator');
  const failing = await openCheckout(app, alice, 'chat_1');
  await emulator.pay(failing.session_id, 'async');
  await emulator.idle();
  t.equal((await purchase(app, alice, failing.session_id)).json().error, 'This payment has not been completed yet.');
  await emulator.settleAsync(failing.session_id, false);
  await emulator.idle();
  t.match(await history(app, alice), [{ id: failing.session_id, status: 'failed' }]);
  t.equal((await purchase(app, alice, failing.session_id)).statusCode, 409);

  const settling = await openCheckout(app, bob, 'chat_3');
  await emulator.pay(settling.session_id, 'async');
  await emulator.settleAsync(settling.session_id, true);
  await waitFor(async () => (await balanceOf(db, bob)) === 3, 10_000, 'grant after settlement');
  t.equal(await balanceOf(db, alice), 0);
});

t.test('nobody confirms or reads another member’s payment', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [alice, mallory] = [await signUp(app), await signUp(app)];
  const emulator = app.stripeEmulator;
  if (!emulator) throw new Error('the tests run on the emulator');
  emulator.setDeliver(null);
  const { session_id } = await openCheckout(app, alice, 'chat_7');
  await emulator.pay(session_id);
  const stolen = await purchase(app, mallory, session_id);
  t.equal(stolen.statusCode, 404, 'someone else’s session is not found');
  t.equal(stolen.json().error, 'Payment not found.');
  t.equal((await purchase(app, mallory, 'cs_test_doesnotexist')).statusCode, 404);
  t.equal(await balanceOf(db, mallory), 0);
  t.same(await history(app, mallory), [], 'her history is hers');
  t.equal((await purchase(app, alice, session_id)).statusCode, 200, 'the owner can');
  t.equal((await history(app, alice)).length, 1);
  for (const bad of ['', 'cs test', '../x', 'a'.repeat(300)]) {
    t.equal((await purchase(app, alice, bad)).statusCode, 400, JSON.stringify(bad));
  }
});

t.test('payment calls are limited per member', async (t) => {
  const { app } = await buildTestApp(t);
  const [eager, other] = [await signUp(app), await signUp(app)];
  const answers = [];
  for (let i = 0; i < 31; i += 1) answers.push((await purchase(app, eager, `cs_test_nothing${i}`)).statusCode);
  t.same(answers.slice(0, 30), Array(30).fill(404));
  t.equal(answers[30], 429, 'the 31st call in ten minutes waits');
  const limited = await checkout(app, eager, { package: 'chat_1', ...RETURN });
  t.equal(limited.statusCode, 429);
  t.ok(Number(limited.headers['retry-after']) > 0);
  t.equal(limited.json().error, 'Too many payment requests. Please wait a few minutes and try again.');
  t.equal((await checkout(app, other, { package: 'chat_1', ...RETURN })).statusCode, 200, 'someone else is not affected');
});

t.test('the member’s open screens hear of the new balance over the socket', async (t) => {
  const { app, baseUrl } = await listenTestApp(t);
  const buyer = await signUp(app);
  const socket = await openSocket(wsUrl(baseUrl), { headers: buyer.auth });
  t.teardown(() => socket.ws.close());
  const { session_id } = await openCheckout(app, buyer, 'chat_5');
  await app.stripeEmulator?.pay(session_id);
  const pushed = await socket.next((message) => message.type === 'credits.updated');
  t.match(pushed, { type: 'credits.updated', data: { balance: 5, delta: 5, reason: 'purchase' } });
});
