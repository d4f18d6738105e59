/**
 * The emulator driven by the real stripe SDK, as the app drives it: sessions are created,
 * retrieved and paid on the hosted page, and the SDK raises the same typed errors as against
 * api.stripe.com. Webhook delivery has its own file (webhooks.test.ts).
 */
import t from 'tap';
import Stripe from 'stripe';
import { startStripeEmulator } from './emulator.ts';
import { checkoutParams, rawRequest, SECRET_KEY, sdkFor, startForTest, WEBHOOK_SECRET } from './test-support.ts';

t.test('refuses to start in production', async (t) => {
  await t.rejects(
    startStripeEmulator({ nodeEnv: 'production', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, deliver: null }),
    /never run in production/,
  );
});

t.test('creates a session from line items and metadata, and retrieves it', async (t) => {
  const { emulator, stripe } = await startForTest(t, { publicUrl: 'https://pay.betroth.test/' });
  const session = await stripe.checkout.sessions.create(checkoutParams({ customer_email: 'ann@example.com' }), { idempotencyKey: 'buy-1' });
  t.match(session.id, /^cs_test_[A-Za-z0-9]+$/);
  t.match(session, {
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: 2 * 999 + 1,
    currency: 'usd',
    client_reference_id: '5',
    customer_email: 'ann@example.com',
    metadata: { user_id: '5', package_id: 'credits_100' },
    success_url: 'https://betroth.example/pay/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://betroth.example/pay/cancelled',
    livemode: false,
    payment_intent: null,
  });
  t.equal(session.url, `https://pay.betroth.test/c/pay/${session.id}`, 'the hosted page under publicUrl');
  t.ok(session.expires_at - session.created === 24 * 60 * 60, 'expires 24 hours after creation by default');
  t.equal(session.lastResponse.statusCode, 200);
  t.match(session.lastResponse.requestId, /^req_/);

  const again = await stripe.checkout.sessions.retrieve(session.id);
  t.same(again, session, 'retrieve answers the same session');
  t.equal(emulator.events().length, 0, 'creating sends no event');
});

t.test('idempotency keys replay the first answer and refuse other parameters', async (t) => {
  const { stripe } = await startForTest(t);
  const first = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'order-7' });
  const replay = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'order-7' });
  t.equal(replay.id, first.id, 'same key, same parameters: same session');
  t.equal(replay.lastResponse.headers['idempotent-replayed'], 'true');
  const other = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'order-8' });
  t.not(other.id, first.id, 'another key: a new session');
  const error = await stripe.checkout.sessions
    .create(checkoutParams({ metadata: { user_id: '6' } }), { idempotencyKey: 'order-7' })
    .catch((caught: unknown) => caught);
  t.type(error, Stripe.errors.StripeIdempotencyError);
  t.match(error, { statusCode: 400, type: 'StripeIdempotencyError', message: /same parameters/ });

  // A refused request saves nothing: the key still works once the parameters are right.
  await t.rejects(stripe.checkout.sessions.create(checkoutParams({ mode: 'setup' }), { idempotencyKey: 'order-9' }));
  const fixed = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'order-9' });
  t.match(fixed, { status: 'open' });
});

t.test('idempotency keys expire after 24 hours', async (t) => {
  let now = Date.now();
  const { stripe } = await startForTest(t, { now: () => now });
  const first = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'day-key' });
  now += 24 * 60 * 60 * 1000 + 1000;
  const later = await stripe.checkout.sessions.create(checkoutParams({ metadata: { other: 'yes' } }), { idempotencyKey: 'day-key' });
  t.not(later.id, first.id);
});

t.test('a wrong or missing API key is a StripeAuthenticationError', async (t) => {
  const { emulator } = await startForTest(t);
  const error = await sdkFor(emulator, 'sk_test_not_the_right_key_9999')
    .checkout.sessions.retrieve('cs_test_x')
    .catch((caught: unknown) => caught);
  t.type(error, Stripe.errors.StripeAuthenticationError);
  t.match(error, { statusCode: 401, message: /^Invalid API Key provided: sk_test_\*+9999$/ });

  const missing = await rawRequest(emulator, '/v1/checkout/sessions/cs_test_x', { auth: false });
  t.equal(missing.status, 401);
  t.match(await missing.json(), { error: { type: 'invalid_request_error', message: /did not provide an API key/ } });
});

t.test('invalid parameters are StripeInvalidRequestErrors naming the parameter', async (t) => {
  const { stripe } = await startForTest(t);
  const item = (priceData: Partial<Stripe.Checkout.SessionCreateParams.LineItem.PriceData>, quantity = 1) => ({
    quantity,
    price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Credits' }, ...priceData },
  });
  const cases: Array<[string, Partial<Stripe.Checkout.SessionCreateParams>, string, RegExp]> = [
    ['missing mode', { mode: undefined }, 'mode', /Missing required param: mode/],
    ['another mode', { mode: 'subscription' }, 'mode', /only mode 'payment'/],
    ['missing success_url', { success_url: undefined }, 'success_url', /Missing required param/],
    ['relative success_url', { success_url: '/pay/done' }, 'success_url', /Not a valid URL/],
    ['non-http cancel_url', { cancel_url: 'javascript:alert(1)' }, 'cancel_url', /Not a valid URL/],
    ['no line items', { line_items: [] }, 'line_items', /Missing required param: line_items/],
    [
      'negative amount',
      { line_items: [item({ unit_amount: -1 })] },
      'line_items[0][price_data][unit_amount]',
      /greater than or equal to 0/,
    ],
    ['fractional amount', { line_items: [item({ unit_amount: 1.5 })] }, 'line_items[0][price_data][unit_amount]', /Invalid integer/],
    ['zero quantity', { line_items: [item({}, 0)] }, 'line_items[0][quantity]', /greater than or equal to 1/],
    [
      'no product name',
      { line_items: [item({ product_data: { name: '' } })] },
      'line_items[0][price_data][product_data][name]',
      /empty string/,
    ],
    ['a Price id', { line_items: [{ price: 'price_123', quantity: 1 }] }, 'line_items[0][price]', /no Price objects/],
    ['mixed currencies', { line_items: [item({}), item({ currency: 'eur' })] }, 'line_items', /same currency/],
  ];
  for (const [name, overrides, param, message] of cases) {
    const error = await stripe.checkout.sessions.create(checkoutParams(overrides)).catch((caught: unknown) => caught);
    t.type(error, Stripe.errors.StripeInvalidRequestError, name);
    t.match(error, { statusCode: 400, param, message }, name);
  }
  const unknown = await stripe.checkout.sessions
    .create({ ...checkoutParams(), sucess_url: 'https://typo.example' } as Stripe.Checkout.SessionCreateParams)
    .catch((caught: unknown) => caught);
  t.match(unknown, { statusCode: 400, param: 'sucess_url', code: 'parameter_unknown' }, 'unknown names are refused as Stripe refuses them');

  const missing = await stripe.checkout.sessions.retrieve('cs_test_nope').catch((caught: unknown) => caught);
  t.type(missing, Stripe.errors.StripeInvalidRequestError);
  t.match(missing, { statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nope'" });
});

t.test("hostile bodies and unknown routes are refused in Stripe's error shape", async (t) => {
  const { emulator } = await startForTest(t);
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  for (const body of [
    '__proto__[polluted]=1&mode=payment',
    'metadata[constructor][prototype]=1',
    'line_items[0][__proto__][x]=1',
    'a%5B__proto__%5D=1',
  ]) {
    const response = await rawRequest(emulator, '/v1/checkout/sessions', { method: 'POST', headers: form, body });
    t.equal(response.status, 400, body);
    t.match(await response.json(), { error: { type: 'invalid_request_error', message: /reserved key/ } }, body);
  }
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was touched');

  const deep = `metadata${'[a]'.repeat(20)}=1`;
  const tooDeep = await rawRequest(emulator, '/v1/checkout/sessions', { method: 'POST', headers: form, body: deep });
  t.equal(tooDeep.status, 400);
  t.match(await tooDeep.json(), { error: { message: /nested too deeply/ } });

  const large = await rawRequest(emulator, '/v1/checkout/sessions', { method: 'POST', headers: form, body: `x=${'a'.repeat(70_000)}` });
  t.equal(large.status, 413);
  t.match(await large.json(), { error: { type: 'invalid_request_error', message: /larger than 65536 bytes/ } });

  const unknownApi = await rawRequest(emulator, '/v1/customers');
  t.equal(unknownApi.status, 404);
  t.match(await unknownApi.json(), {
    error: { type: 'invalid_request_error', message: /Unrecognized request URL \(GET: \/v1\/customers\)/ },
  });
  const elsewhere = await rawRequest(emulator, '/favicon.ico', { auth: false });
  t.equal(elsewhere.status, 404);
  t.match(await elsewhere.json(), { error: { type: 'invalid_request_error' } });
  const expand = await rawRequest(emulator, '/v1/checkout/sessions/cs_test_x?expand[0]=line_items');
  t.match(await expand.json(), { error: { param: 'expand', message: /does not implement expand/ } });
});

t.test('the hosted page shows the order, its buttons, and escapes what it echoes', async (t) => {
  const { emulator, stripe } = await startForTest(t);
  const session = await stripe.checkout.sessions.create(
    checkoutParams({
      line_items: [
        { quantity: 3, price_data: { currency: 'eur', unit_amount: 1205, product_data: { name: '<script>alert("x")</script> & co' } } },
      ],
    }),
  );
  const response = await fetch(`${emulator.url}/c/pay/${session.id}`);
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), /^text\/html/);
  t.match(response.headers.get('content-security-policy'), /default-src 'none'/);
  const html = await response.text();
  t.match(html, /<html lang="en">/);
  t.match(html, /<h1>Betroth local test checkout: never real money<\/h1>/);
  t.match(html, /36\.15 EUR/, 'the total with 2 decimals and the upper-case currency');
  t.match(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; co/);
  t.notMatch(html, /<script/, 'nothing echoed is markup');
  t.notMatch(html, /(src|href)="https?:/, 'no external assets');
  for (const [action, label] of [
    ['pay', 'Pay'],
    ['pay-later', 'Pay later (bank debit)'],
    ['cancel', 'Cancel'],
  ]) {
    t.match(
      html,
      `<form method="post" action="${session.id}/${action}"><button type="submit" class="${action === 'pay' ? 'primary' : 'secondary'}">${label}</button></form>`,
    );
  }
  const unknown = await fetch(`${emulator.url}/c/pay/cs_test_unknown`);
  t.equal(unknown.status, 404);
});

t.test('paying and cancelling redirect with 303 to the right URL', async (t) => {
  const { emulator, stripe } = await startForTest(t);
  const cancelled = await stripe.checkout.sessions.create(checkoutParams());
  const cancel = await fetch(`${emulator.url}/c/pay/${cancelled.id}/cancel`, { method: 'POST', redirect: 'manual' });
  t.equal(cancel.status, 303);
  t.equal(cancel.headers.get('location'), 'https://betroth.example/pay/cancelled');
  t.match(await stripe.checkout.sessions.retrieve(cancelled.id), { status: 'open' }, 'cancelling leaves the session open, as at Stripe');
  t.equal(emulator.events().length, 0, 'and sends no event');

  const paid = await stripe.checkout.sessions.create(checkoutParams());
  const pay = await fetch(`${emulator.url}/c/pay/${paid.id}/pay`, { method: 'POST', redirect: 'manual' });
  t.equal(pay.status, 303);
  t.equal(pay.headers.get('location'), `https://betroth.example/pay/done?session=${paid.id}`, '{CHECKOUT_SESSION_ID} substituted');
  const after = await stripe.checkout.sessions.retrieve(paid.id);
  t.match(after, { status: 'complete', payment_status: 'paid', url: null, payment_intent: /^pi_test_/ });

  for (const action of ['pay', 'pay-later', 'cancel']) {
    const again = await fetch(`${emulator.url}/c/pay/${paid.id}/${action}`, { method: 'POST', redirect: 'manual' });
    t.equal(again.status, 409, `${action} on a complete session`);
    t.match(await again.text(), /already complete/);
  }
  t.match(await (await fetch(`${emulator.url}/c/pay/${paid.id}`)).text(), /already complete/, 'the page says so too');
  await t.rejects(emulator.pay(paid.id), { message: /already complete/, status: 409 });
  await t.rejects(emulator.cancel('cs_test_unknown'), { message: /No such checkout session/, status: 404 });

  const viaApi = await stripe.checkout.sessions.create(checkoutParams());
  t.same(await emulator.pay(viaApi.id), { redirectTo: `https://betroth.example/pay/done?session=${viaApi.id}` });
});

t.test('expired sessions cannot be paid and send checkout.session.expired', async (t) => {
  let now = Date.now();
  const { emulator, stripe } = await startForTest(t, { now: () => now });
  const session = await stripe.checkout.sessions.create(checkoutParams());
  const soon = await stripe.checkout.sessions.create(checkoutParams({ expires_at: Math.floor(now / 1000) + 31 * 60 }));
  t.equal(soon.expires_at, Math.floor(now / 1000) + 31 * 60, 'expires_at is honoured');
  await t.rejects(stripe.checkout.sessions.create(checkoutParams({ expires_at: Math.floor(now / 1000) + 60 })), {
    message: /greater than or equal to/,
    param: 'expires_at',
  });
  now += 24 * 60 * 60 * 1000;
  const pay = await fetch(`${emulator.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  t.equal(pay.status, 409);
  t.match(await pay.text(), /expired/);
  t.match(await stripe.checkout.sessions.retrieve(session.id), { status: 'expired', url: null });
  t.same(
    emulator.events().map((event) => [event.type, event.sessionId]),
    [['checkout.session.expired', session.id]],
    'expired when looked at',
  );
  t.match(await stripe.checkout.sessions.retrieve(soon.id), { status: 'expired' });
  t.same(
    emulator
      .events()
      .map((event) => [event.type, event.sessionId])
      .sort(),
    [
      ['checkout.session.expired', session.id],
      ['checkout.session.expired', soon.id],
    ].sort(),
  );
});
