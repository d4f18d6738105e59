/**
 * The consume loop during a database outage: a job that failed because the database is
 * unreachable waits for it and runs again on the same delivery (no attempt spent, nothing
 * dropped after maxDeliver), holds its slot meanwhile, and is let go for redelivery when the
 * worker stops. Any other failure keeps its usual nak with backoff.
 */
import t from 'tap';
import type { Delivery } from '../../server/kernel/events/delivery-source.ts';
import { memoryLog, waitFor } from '../../server/test/nats.ts';
import { type DatabaseWatch, processDelivery } from './consume.ts';
import { defineHandler } from './handler.ts';

const unreachable = () => Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });

function fakeDelivery(attempt: number) {
  const settled: string[] = [];
  let working = 0;
  const delivery: Delivery = {
    subject: 'credits.changed',
    eventId: 7,
    occurredAt: new Date().toISOString(),
    body: JSON.stringify({ userId: 1, delta: 1, balance: 1, reason: 'purchase', changedAt: new Date().toISOString() }),
    attempt,
    ack: () => void settled.push('ack'),
    nak: (delayMs) => void settled.push(`nak ${delayMs}`),
    term: () => void settled.push('term'),
    working: () => void (working += 1),
  };
  return { delivery, settled, working: () => working };
}

/** A watch whose database comes back when `back()` is called. */
function fakeWatch(): DatabaseWatch & { back(): void; reports: number } {
  let release: (() => void) | null = null;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const watch = {
    reports: 0,
    report(error: unknown) {
      const hit = (error as { code?: string }).code === 'CONNECTION_CLOSED';
      if (hit) watch.reports += 1;
      return hit;
    },
    async untilAvailable(signal?: AbortSignal) {
      if (signal?.aborted) return false;
      return Promise.race([
        gate.then(() => true),
        new Promise<boolean>((resolve) => signal?.addEventListener('abort', () => resolve(false))),
      ]);
    },
    back: () => release?.(),
  };
  return watch;
}

/** Fails with `failures` errors in turn, then succeeds. */
function handlerFailingWith(failures: Error[]) {
  const runs: number[] = [];
  const handler = defineHandler({
    name: 'outage-probe',
    subjects: ['credits.changed'],
    concurrency: 1,
    maxDeliver: 2,
    ackWaitMs: 3_000,
    async handle(_event, context) {
      runs.push(context.attempt);
      const failure = failures.shift();
      if (failure) throw failure;
    },
  });
  return { handler, runs };
}

t.test('an unreachable database costs the event no attempt: it waits, then runs again and is acked', async (t) => {
  const { handler, runs } = handlerFailingWith([unreachable(), unreachable()]);
  const { delivery, settled } = fakeDelivery(2);
  const watch = fakeWatch();
  const outcome = processDelivery(handler, delivery, memoryLog(), { database: watch });
  // Reported as an outage: from here the job holds its delivery.
  await waitFor(() => watch.reports === 1, 2_000, 'the failure reported');
  t.same(settled, [], 'held, not naked: on its last attempt a nak would have dropped it');
  watch.back();
  t.equal(await outcome, 'ack');
  t.same(runs, [2, 2, 2], 'run again on the same delivery, attempt unchanged');
  t.same(settled, ['ack']);
  t.equal(watch.reports, 2);
});

t.test('a long outage keeps telling the broker the job is in progress', async (t) => {
  const { handler } = handlerFailingWith([unreachable()]);
  const { delivery, settled, working } = fakeDelivery(1);
  const watch = fakeWatch();
  const outcome = processDelivery(handler, delivery, memoryLog(), { database: watch });
  // ackWaitMs 3 s: a keep-alive every second.
  await waitFor(() => working() >= 2, 5_000, 'two keep-alives');
  t.pass('in progress signalled while waiting');
  watch.back();
  t.equal(await outcome, 'ack');
  t.same(settled, ['ack']);
});

t.test('a worker that stops during the outage lets the event go for redelivery', async (t) => {
  const { handler, runs } = handlerFailingWith([unreachable()]);
  const { delivery, settled } = fakeDelivery(1);
  const stopping = new AbortController();
  const watch = fakeWatch();
  const outcome = processDelivery(handler, delivery, memoryLog(), { database: watch, stopping: stopping.signal });
  await waitFor(() => watch.reports === 1, 2_000, 'the failure reported');
  stopping.abort();
  t.equal(await outcome, 'nak');
  t.same(settled, ['nak 0']);
  t.same(runs, [1]);
});

t.test('other failures keep their backoff and their attempt count', async (t) => {
  const { handler } = handlerFailingWith([new Error('mail server said no')]);
  const { delivery, settled } = fakeDelivery(1);
  t.equal(await processDelivery(handler, delivery, memoryLog(), { database: fakeWatch() }), 'nak');
  t.match(settled, [/^nak \d+$/]);
  const last = fakeDelivery(2);
  const again = handlerFailingWith([new Error('mail server said no')]);
  t.equal(
    await processDelivery(again.handler, last.delivery, memoryLog(), { database: fakeWatch() }),
    'term',
    'the last attempt is terminated',
  );
});
