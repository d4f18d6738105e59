/**
 * Events and their delivery: every delivery is signed so that the real SDK's
 * `stripe.webhooks.constructEvent` accepts it, failed deliveries are retried with backoff and a
 * fresh signature, resends keep the event id, delayed payments settle with their own events, and
 * close() leaves nothing running.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import Stripe from 'stripe';
import { timersDueWithin } from '../test/timer-sentinel.ts';
import { waitFor } from '../test/nats.ts';
import { checkoutParams, recordingDeliver, startForTest, WEBHOOK_SECRET, type Delivery } from './test-support.ts';

const SIGNATURE_ERROR = { message: /No signatures found matching the expected signature/, type: 'StripeSignatureVerificationError' };
const verify = (delivery: Delivery) => Stripe.webhooks.constructEvent(delivery.body, delivery.headers['Stripe-Signature'], WEBHOOK_SECRET);

t.test('deliveries are signed the way the SDK verifies, and tampering is caught', async (t) => {
  const { deliver, deliveries } = recordingDeliver();
  const { emulator, stripe } = await startForTest(t, { deliver });
  const session = await stripe.checkout.sessions.create(checkoutParams());
  await emulator.pay(session.id);
  await emulator.idle();
  t.equal(deliveries.length, 1);
  const [delivery] = deliveries;
  t.match(delivery.headers, {
    'Content-Type': 'application/json; charset=utf-8',
    'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    'Stripe-Signature': /^t=\d+,v1=[0-9a-f]{64}$/,
  });

  const event = verify(delivery);
  t.match(event, {
    id: /^evt_test_/,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: Stripe.API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    data: {
      object: { id: session.id, object: 'checkout.session', status: 'complete', payment_status: 'paid', metadata: { user_id: '5' } },
    },
  });
  t.equal(typeof event.created, 'number');
  const asyncEvent = await Stripe.webhooks.constructEventAsync(delivery.body, delivery.headers['Stripe-Signature'], WEBHOOK_SECRET);
  t.equal(asyncEvent.id, event.id, 'constructEventAsync accepts it too');

  const tampered = delivery.body.replace('"paid"', '"unpaid"');
  t.not(tampered, delivery.body);
  t.throws(() => Stripe.webhooks.constructEvent(tampered, delivery.headers['Stripe-Signature'], WEBHOOK_SECRET), SIGNATURE_ERROR);
  t.throws(() => Stripe.webhooks.constructEvent(delivery.body, delivery.headers['Stripe-Signature'], 'whsec_other'), SIGNATURE_ERROR);
  const reserialised = JSON.stringify(JSON.parse(delivery.body));
  t.throws(
    () => Stripe.webhooks.constructEvent(reserialised, delivery.headers['Stripe-Signature'], WEBHOOK_SECRET),
    SIGNATURE_ERROR,
    'only the raw bytes verify',
  );
  t.match(emulator.events(), [
    { id: event.id, type: 'checkout.session.completed', sessionId: session.id, attempts: 1, delivered: true, lastStatus: 200 },
  ]);
});

t.test('failed deliveries are retried with backoff, each attempt signed afresh', async (t) => {
  let clock = Date.now();
  const { deliver, deliveries } = recordingDeliver([500, new Error('connect ECONNREFUSED'), 503]);
  const sentAt: number[] = [];
  const { emulator, stripe } = await startForTest(t, {
    // Each reading of the clock is a second later, so every signature has its own timestamp.
    now: () => (clock += 1000),
    deliver: async (delivery) => {
      sentAt.push(performance.now());
      return deliver(delivery);
    },
    retry: { attempts: 5, baseDelayMs: 20, maxDelayMs: 50 },
  });
  const session = await stripe.checkout.sessions.create(checkoutParams());
  await emulator.pay(session.id);
  await emulator.idle();
  t.equal(deliveries.length, 4, '500, a thrown deliver and 503 are retried until a 2xx');
  t.match(emulator.events(), [{ attempts: 4, delivered: true, lastStatus: 200 }]);
  t.equal(new Set(deliveries.map((delivery) => delivery.body)).size, 1, 'the same bytes every time');
  const signatures = deliveries.map((delivery) => delivery.headers['Stripe-Signature']);
  t.equal(new Set(signatures.map((header) => header.split(',')[0])).size, 4, 'a fresh timestamp every attempt');
  for (const delivery of deliveries) t.ok(verify(delivery), 'and every one verifies');
  const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]);
  for (const [i, minimum] of [20, 40, 50].entries())
    t.ok(gaps[i] >= minimum - 2, `gap ${i + 1} is ${Math.round(gaps[i])} ms, at least ${minimum}`);
});

t.test('delivery gives up after the configured attempts', async (t) => {
  const warnings: string[] = [];
  const { deliver, deliveries } = recordingDeliver(Array(10).fill(500));
  const { emulator, stripe } = await startForTest(t, {
    deliver,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    log: { info: () => {}, warn: (_obj, msg) => warnings.push(msg ?? '') },
  });
  await emulator.pay((await stripe.checkout.sessions.create(checkoutParams())).id);
  await emulator.idle();
  t.equal(deliveries.length, 3);
  t.match(emulator.events(), [{ attempts: 3, delivered: false, lastStatus: 500 }]);
  t.ok(warnings.includes('stripe emulator: webhook delivery given up'));
});

t.test('resend delivers the same event again, never overlapping a running attempt', async (t) => {
  let active = 0;
  let overlapped = false;
  const { deliver, deliveries } = recordingDeliver([500]);
  const { emulator, stripe } = await startForTest(t, {
    deliver: async (delivery) => {
      active++;
      if (active > 1) overlapped = true;
      await sleep(20);
      active--;
      return deliver(delivery);
    },
    retry: { attempts: 3, baseDelayMs: 200, maxDelayMs: 200 },
  });
  const session = await stripe.checkout.sessions.create(checkoutParams());
  await emulator.pay(session.id);
  const [{ id }] = emulator.events();
  // Called while the first attempt (a 500) is still running: it waits for it, succeeds, and the
  // retry that was scheduled for the 500 is dropped.
  t.equal(await emulator.resend(id), 200);
  await emulator.idle();
  t.notOk(overlapped, 'attempts of one event never overlap');
  t.equal(deliveries.length, 2, 'no automatic retry after the resend delivered it');
  t.match(emulator.events(), [{ id, attempts: 2, delivered: true, lastStatus: 200 }]);

  t.equal(await emulator.resend(id), 200, 'a delivered event can be resent');
  t.equal(verify(deliveries[2]).id, id, 'with the same event id');
  t.equal(deliveries[2].body, deliveries[0].body);
  t.match(emulator.events(), [{ id, attempts: 3 }]);
  await t.rejects(emulator.resend('evt_test_unknown'), /No such event/);
});

t.test('delayed payments complete unpaid, then settle with their own events', async (t) => {
  const { deliver, deliveries } = recordingDeliver();
  const { emulator, stripe } = await startForTest(t, { deliver });
  const succeeding = await stripe.checkout.sessions.create(checkoutParams());
  const failing = await stripe.checkout.sessions.create(checkoutParams());

  const later = await fetch(`${emulator.url}/c/pay/${succeeding.id}/pay-later`, { method: 'POST', redirect: 'manual' });
  t.equal(later.status, 303, 'the page button pays later');
  t.equal(later.headers.get('location'), `https://betroth.example/pay/done?session=${succeeding.id}`);
  await emulator.pay(failing.id, 'async');
  await emulator.idle();
  t.match(
    deliveries.map((delivery) => verify(delivery)),
    [
      { type: 'checkout.session.completed', data: { object: { id: succeeding.id, status: 'complete', payment_status: 'unpaid' } } },
      { type: 'checkout.session.completed', data: { object: { id: failing.id, status: 'complete', payment_status: 'unpaid' } } },
    ],
  );
  t.match(await stripe.checkout.sessions.retrieve(succeeding.id), {
    status: 'complete',
    payment_status: 'unpaid',
    payment_intent: /^pi_test_/,
  });

  await emulator.settleAsync(succeeding.id, true);
  await emulator.settleAsync(failing.id, false);
  await emulator.idle();
  t.match(verify(deliveries[2]), {
    type: 'checkout.session.async_payment_succeeded',
    data: { object: { id: succeeding.id, payment_status: 'paid' } },
  });
  t.match(verify(deliveries[3]), {
    type: 'checkout.session.async_payment_failed',
    data: { object: { id: failing.id, payment_status: 'unpaid' } },
  });
  t.match(await stripe.checkout.sessions.retrieve(succeeding.id), { payment_status: 'paid' });
  t.match(await stripe.checkout.sessions.retrieve(failing.id), { status: 'complete', payment_status: 'unpaid' });
  await t.rejects(emulator.settleAsync(succeeding.id, true), { message: /no delayed payment/, status: 409 }, 'settles once');
  const paid = await stripe.checkout.sessions.create(checkoutParams());
  await emulator.pay(paid.id);
  await t.rejects(emulator.settleAsync(paid.id, true), /no delayed payment/, 'a card payment has nothing to settle');
});

t.test('without a deliver function events are recorded, and can be sent later', async (t) => {
  const { emulator, stripe } = await startForTest(t, { deliver: null });
  const session = await stripe.checkout.sessions.create(checkoutParams());
  await emulator.pay(session.id);
  await emulator.idle();
  t.match(emulator.events(), [{ type: 'checkout.session.completed', attempts: 0, delivered: false, lastStatus: null }]);
  const { deliver, deliveries } = recordingDeliver();
  emulator.setDeliver(deliver);
  t.equal(await emulator.resend(emulator.events()[0].id), 200);
  t.match(verify(deliveries[0]), { pending_webhooks: 0, data: { object: { id: session.id } } });
});

t.test('deliver can POST to a real webhook route over HTTP', async (t) => {
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), WEBHOOK_SECRET).type);
        res.writeHead(200).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => receiver.close(resolve)));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/payments/webhook/`;
  const { emulator, stripe } = await startForTest(t, {
    deliver: async ({ body, headers }) => (await fetch(webhookUrl, { method: 'POST', body, headers })).status,
  });
  await emulator.pay((await stripe.checkout.sessions.create(checkoutParams())).id);
  await emulator.idle();
  t.same(received, ['checkout.session.completed']);
  t.match(emulator.events(), [{ delivered: true, lastStatus: 200 }]);
});

t.test('close() stops pending retries and the server', async (t) => {
  const { deliver, deliveries } = recordingDeliver(Array(10).fill(500));
  const { emulator, stripe } = await startForTest(t, { deliver, retry: { attempts: 8, baseDelayMs: 30, maxDelayMs: 30 } });
  await emulator.pay((await stripe.checkout.sessions.create(checkoutParams())).id);
  await waitFor(() => deliveries.length > 0, 5_000, 'the first delivery');
  await emulator.close();
  await emulator.idle();
  const attempts = deliveries.length;
  // Retries wait at most 30 ms: had close() left one scheduled, it would fire before this.
  await timersDueWithin(30);
  t.equal(deliveries.length, attempts, 'no retry fired after close()');
  await t.rejects(fetch(`${emulator.url}/v1/checkout/sessions/x`), 'the server is gone');
  await emulator.close();
  t.pass('close() twice is fine');
  // The test process exiting (tap would time it out otherwise) is the proof nothing else was left running.
});
