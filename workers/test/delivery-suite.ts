/**
 * The delivery suite both transports must pass (nats.test.ts, in-process.test.ts): outbox rows
 * reach a handler exactly once and in order even with two relays, transient failures are
 * redelivered, invalid payloads and permanent failures are terminated, the concurrency cap
 * holds, and stop() finishes the job in flight.
 *
 * No fixed sleeps decide an outcome. What must happen is waited for; what must NOT happen (a
 * duplicate, a redelivery) is ruled out with a sentinel event written afterwards: rows leave the
 * outbox in id order and each transport hands new events out in that order, so a duplicate of an
 * earlier event would reach the handler before the sentinel. Redeliveries are ruled out by
 * waiting, after the sentinel, for the consumer to hold nothing (`settled`).
 */
import { sql } from 'drizzle-orm';
import type { Test } from 'tap';
import type { Db } from '../../server/kernel/db/client.ts';
import { sleep } from '../../server/kernel/events/backoff.ts';
import type { EventPayload } from '../../server/kernel/events/contracts.ts';
import { writeEvent } from '../../server/kernel/events/outbox.ts';
import type { OutboxRelay, RelayOptions } from '../../server/kernel/events/relay.ts';
import type { memoryLog } from '../../server/test/nats.ts';
import { waitFor } from '../../server/test/nats.ts';
import type { RunningConsumer } from '../runtime/consume.ts';
import { defineHandler, type EventHandler, PermanentError } from '../runtime/handler.ts';

export interface Harness {
  kind: 'nats' | 'in-process';
  db: Db;
  log: ReturnType<typeof memoryLog>;
  /** A started relay on the harness database; stopped at the end of the test. */
  newRelay(options?: Partial<RelayOptions>): OutboxRelay;
  consume(handler: EventHandler): TestConsumer;
  /** Deliveries the transport still holds for a handler (acked = gone). */
  pending?(handlerName: string): Promise<{ ackPending: number; redelivered: number; waiting: number }>;
}

export interface TestConsumer extends RunningConsumer {
  /** True once the consumer's delivery source has stopped (stop() then waits for the jobs in flight). */
  readonly sourceStopped: boolean;
}

/**
 * Waits until the transport holds nothing for the handler: every delivery acked or terminated,
 * none waiting for a retry, none published and not yet delivered. Nothing can then be delivered
 * again without a new publish.
 */
export async function settled(h: Harness, handlerName: string): Promise<void> {
  if (!h.pending) return;
  const pending = h.pending.bind(h);
  await waitFor(
    async () => {
      const { ackPending, waiting } = await pending(handlerName);
      return ackPending === 0 && waiting === 0;
    },
    10_000,
    `${handlerName}: nothing left to deliver`,
  );
}

export const like = (likeId: number): EventPayload<'likes.created'> => ({
  likeId,
  fromUserId: 1,
  fromProfileId: 11,
  toUserId: 2,
  toProfileId: 12,
  createdAt: new Date().toISOString(),
});

export async function unpublishedCount(db: Db): Promise<number> {
  const [row] = await db.execute<{ count: number }>(sql`select count(*)::int as count from outbox where published_at is null`);
  return Number(row.count);
}

export function deliverySuite(t: Test, makeHarness: (t: Test) => Promise<Harness>): void {
  t.test('outbox rows reach a consumer exactly once and in order, with two relays at once', async (t) => {
    const h = await makeHarness(t);
    const seen: number[] = [];
    h.consume(
      defineHandler({ name: 'collector', subjects: ['likes.created'], concurrency: 1, handle: async (event) => void seen.push(event.id) }),
    );
    h.newRelay({ batchSize: 7 });
    h.newRelay({ batchSize: 7 });

    const sequential: number[] = [];
    for (let i = 1; i <= 30; i += 1) sequential.push(await h.db.transaction((tx) => writeEvent(tx, 'likes.created', like(i))));
    // A rolled-back transaction takes its event with it.
    await h.db
      .transaction(async (tx) => {
        await writeEvent(tx, 'likes.created', like(999));
        throw new Error('rollback');
      })
      .catch(() => {});
    // Concurrent writers on top.
    const concurrent = (
      await Promise.all(
        Array.from({ length: 5 }, async (_, writer) => {
          const ids: number[] = [];
          for (let i = 0; i < 6; i += 1)
            ids.push(await h.db.transaction((tx) => writeEvent(tx, 'likes.created', like(100 + writer * 10 + i))));
          return ids;
        }),
      )
    ).flat();

    const expected = [...sequential, ...concurrent];
    await waitFor(() => seen.length >= expected.length, 15_000, 'all events');
    // One handler slot: an event published or delivered twice would arrive before the sentinel.
    const sentinel = await h.db.transaction((tx) => writeEvent(tx, 'likes.created', like(200)));
    await waitFor(() => seen.includes(sentinel), 15_000, 'the sentinel');
    await settled(h, 'collector');
    t.equal(seen.length, expected.length + 1, 'no event delivered twice');
    t.same(
      [...seen].sort((a, b) => a - b),
      [...expected, sentinel].sort((a, b) => a - b),
      'every event delivered',
    );
    t.same(seen.slice(0, 30), sequential, 'sequentially written events arrive in order');
    // A relay publishes before its transaction commits: the mark may land just after delivery.
    await waitFor(async () => (await unpublishedCount(h.db)) === 0, 10_000, 'rows marked published');
    t.equal(await unpublishedCount(h.db), 0, 'every row marked published');
  });

  t.test('a handler that throws is redelivered with backoff, then succeeds', async (t) => {
    const h = await makeHarness(t);
    const attempts = new Map<number, number[]>();
    const done = new Set<number>();
    h.consume(
      defineHandler({
        name: 'flaky',
        subjects: ['likes.created'],
        concurrency: 4,
        retryBackoff: { baseMs: 30, maxMs: 100 },
        async handle(event, context) {
          attempts.set(event.id, [...(attempts.get(event.id) ?? []), context.attempt]);
          if (context.attempt === 1) throw new Error('database hiccup');
          done.add(event.id);
        },
      }),
    );
    h.newRelay();
    const ids = [];
    for (let i = 1; i <= 3; i += 1) ids.push(await writeEvent(h.db, 'likes.created', like(i)));
    await waitFor(() => done.size === 3, 10_000, 'retried events');
    // Also fails once and is retried; once it is done and the consumer holds nothing, no third
    // attempt of the others can still come.
    const sentinel = await writeEvent(h.db, 'likes.created', like(4));
    await waitFor(() => done.has(sentinel), 10_000, 'the sentinel');
    await settled(h, 'flaky');
    for (const id of [...ids, sentinel]) t.same(attempts.get(id), [1, 2], `event ${id}: failed once, succeeded on the retry`);
    t.equal(h.log.lines.filter((line) => line.message === 'handler failed, will retry').length, 4);
    if (h.pending) t.match(await h.pending('flaky'), { ackPending: 0 }, 'nothing left unacknowledged');
  });

  t.test('an invalid payload is terminated and logged, not looped', async (t) => {
    const h = await makeHarness(t);
    const handled: number[] = [];
    h.consume(
      defineHandler({ name: 'strict', subjects: ['likes.created'], concurrency: 2, handle: async (event) => void handled.push(event.id) }),
    );
    // Bypasses writeEvent, as a bad producer or a hand-written row would.
    await h.db.execute(sql`insert into outbox (subject, payload) values ('likes.created', ${JSON.stringify({ likeId: 'nope' })}::jsonb)`);
    const valid = await writeEvent(h.db, 'likes.created', like(2));
    h.newRelay();
    await waitFor(() => handled.length === 1, 10_000, 'the valid event');
    // Published after the invalid row: a redelivery of it would be a second log line, or pending.
    const sentinel = await writeEvent(h.db, 'likes.created', like(3));
    await waitFor(() => handled.includes(sentinel), 10_000, 'the sentinel');
    const isRejection = (line: { message: string }) => line.message === 'event terminated: invalid payload';
    await waitFor(() => h.log.lines.some(isRejection), 10_000, 'the rejection log line');
    await settled(h, 'strict');
    t.same(handled, [valid, sentinel], 'only the valid events reached the handler');
    const rejected = h.log.lines.filter(isRejection);
    t.equal(rejected.length, 1, 'terminated once, with one log line');
    t.equal(rejected[0]?.level, 'error');
    if (h.pending) t.match(await h.pending('strict'), { ackPending: 0, redelivered: 0, waiting: 0 }, 'never redelivered');
  });

  t.test('a permanent failure is terminated at once', async (t) => {
    const h = await makeHarness(t);
    const calls: number[] = [];
    h.consume(
      defineHandler({
        name: 'permanent',
        subjects: ['likes.created'],
        concurrency: 1,
        retryBackoff: { baseMs: 10, maxMs: 20 },
        async handle(event) {
          calls.push(event.id);
          throw new PermanentError('card declined for good');
        },
      }),
    );
    h.newRelay();
    const first = await writeEvent(h.db, 'likes.created', like(1));
    await waitFor(() => calls.length === 1, 10_000, 'first call');
    // One handler slot; fails for good too. Once it was called and the consumer holds nothing,
    // a retry of the first event cannot still come.
    const sentinel = await writeEvent(h.db, 'likes.created', like(2));
    await waitFor(() => calls.includes(sentinel), 10_000, 'the sentinel');
    const isTermination = (line: { message: string }) => line.message === 'event terminated: permanent failure';
    await waitFor(() => h.log.lines.filter(isTermination).length >= 2, 10_000, 'both termination log lines');
    await settled(h, 'permanent');
    t.same(calls, [first, sentinel], 'not retried');
    t.same(
      h.log.lines.filter(isTermination).map((line) => (line.details as { eventId?: number }).eventId),
      [first, sentinel],
      'one log line per event',
    );
  });

  t.test('the concurrency cap holds', async (t) => {
    const h = await makeHarness(t);
    let running = 0;
    let peak = 0;
    let finished = 0;
    h.consume(
      defineHandler({
        name: 'capped',
        subjects: ['likes.created'],
        concurrency: 3,
        async handle() {
          running += 1;
          peak = Math.max(peak, running);
          // Held until three run at once (or no more can come), so the peak does not depend on
          // how fast deliveries arrive; then a while longer, for a broken cap to let a fourth in.
          await waitFor(() => running === 3 || finished + running === 12, 10_000, 'three jobs at once');
          await sleep(60);
          running -= 1;
          finished += 1;
        },
      }),
    );
    for (let i = 1; i <= 12; i += 1) await writeEvent(h.db, 'likes.created', like(i));
    h.newRelay();
    await waitFor(() => finished === 12, 10_000, 'all jobs');
    t.equal(peak, 3, 'three at a time, never more');
  });

  t.test('stop() finishes the job in flight and acknowledges it', async (t) => {
    const h = await makeHarness(t);
    const started: number[] = [];
    let finished = 0;
    // The first job runs until the test lets it finish, after stop() has stopped the source.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler = defineHandler({
      name: 'slow',
      subjects: ['likes.created'],
      concurrency: 1,
      async handle(event) {
        started.push(event.id);
        if (started.length === 1) await gate;
        finished += 1;
      },
    });
    const consumer = h.consume(handler);
    h.newRelay();
    const first = await writeEvent(h.db, 'likes.created', like(1));
    await waitFor(() => started.length === 1, 10_000, 'job start');
    let stopped = false;
    const stopping = consumer.stop().then(() => {
      stopped = true;
    });
    await waitFor(() => consumer.sourceStopped, 10_000, 'the source to stop');
    t.notOk(stopped, 'stop() still waits while the job runs');
    release();
    await stopping;
    t.equal(finished, 1, 'stop waited for the job');
    // A new instance of the same durable consumer gets nothing but the sentinel: the job was
    // acknowledged (an unacknowledged one would come before the sentinel, or stay pending).
    h.consume(handler);
    const sentinel = await writeEvent(h.db, 'likes.created', like(2));
    await waitFor(() => started.includes(sentinel), 10_000, 'the sentinel');
    await settled(h, 'slow');
    t.same(started, [first, sentinel], 'not delivered again');
  });
}
