/**
 * The delivery suite both transports must pass (nats.test.ts, in-process.test.ts): outbox rows
 * reach a handler exactly once and in order even with two relays, transient failures are
 * redelivered, invalid payloads and permanent failures are terminated, the concurrency cap
 * holds, and stop() finishes the job in flight.
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
  consume(handler: EventHandler): RunningConsumer;
  /** Deliveries the transport still holds for a handler (acked = gone), where it can tell. */
  pending?(handlerName: string): Promise<{ ackPending: number; redelivered: number; waiting: number }>;
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
    h.consume(defineHandler({ name: 'collector', subjects: ['likes.created'], concurrency: 1, handle: async (event) => void seen.push(event.id) }));
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
          for (let i = 0; i < 6; i += 1) ids.push(await h.db.transaction((tx) => writeEvent(tx, 'likes.created', like(100 + writer * 10 + i))));
          return ids;
        }),
      )
    ).flat();

    const expected = [...sequential, ...concurrent];
    await waitFor(() => seen.length >= expected.length, 15_000, 'all events');
    await sleep(400);
    t.equal(seen.length, expected.length, 'no event delivered twice');
    t.same([...seen].sort((a, b) => a - b), [...expected].sort((a, b) => a - b), 'every event delivered');
    t.same(seen.slice(0, 30), sequential, 'sequentially written events arrive in order');
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
    await sleep(300);
    for (const id of ids) t.same(attempts.get(id), [1, 2], `event ${id}: failed once, succeeded on the retry`);
    t.equal(h.log.lines.filter((line) => line.message === 'handler failed, will retry').length, 3);
    if (h.pending) t.match(await h.pending('flaky'), { ackPending: 0 }, 'nothing left unacknowledged');
  });

  t.test('an invalid payload is terminated and logged, not looped', async (t) => {
    const h = await makeHarness(t);
    const handled: number[] = [];
    h.consume(defineHandler({ name: 'strict', subjects: ['likes.created'], concurrency: 2, handle: async (event) => void handled.push(event.id) }));
    // Bypasses writeEvent, as a bad producer or a hand-written row would.
    await h.db.execute(sql`insert into outbox (subject, payload) values ('likes.created', ${JSON.stringify({ likeId: 'nope' })}::jsonb)`);
    const valid = await writeEvent(h.db, 'likes.created', like(2));
    h.newRelay();
    await waitFor(() => handled.length === 1, 10_000, 'the valid event');
    await sleep(500);
    t.same(handled, [valid], 'only the valid event reached the handler');
    const rejected = h.log.lines.filter((line) => line.message === 'event terminated: invalid payload');
    t.equal(rejected.length, 1, 'terminated once, with one log line');
    t.equal(rejected[0]?.level, 'error');
    if (h.pending) t.match(await h.pending('strict'), { ackPending: 0, redelivered: 0, waiting: 0 }, 'never redelivered');
  });

  t.test('a permanent failure is terminated at once', async (t) => {
    const h = await makeHarness(t);
    let calls = 0;
    h.consume(
      defineHandler({
        name: 'permanent',
        subjects: ['likes.created'],
        concurrency: 1,
        retryBackoff: { baseMs: 10, maxMs: 20 },
        async handle() {
          calls += 1;
          throw new PermanentError('card declined for good');
        },
      }),
    );
    h.newRelay();
    await writeEvent(h.db, 'likes.created', like(1));
    await waitFor(() => calls === 1, 10_000, 'first call');
    await sleep(400);
    t.equal(calls, 1, 'not retried');
    t.equal(h.log.lines.filter((line) => line.message === 'event terminated: permanent failure').length, 1);
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
    let started = 0;
    let finished = 0;
    const handler = defineHandler({
      name: 'slow',
      subjects: ['likes.created'],
      concurrency: 1,
      async handle() {
        started += 1;
        await sleep(300);
        finished += 1;
      },
    });
    const consumer = h.consume(handler);
    h.newRelay();
    await writeEvent(h.db, 'likes.created', like(1));
    await waitFor(() => started === 1, 10_000, 'job start');
    await consumer.stop();
    t.equal(finished, 1, 'stop waited for the job');
    // A new instance of the same durable consumer gets nothing: the job was acknowledged.
    h.consume(handler);
    await sleep(600);
    t.equal(started, 1, 'not delivered again');
  });
}
