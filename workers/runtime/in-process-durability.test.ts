/**
 * Durable in-process delivery (no NATS_URL): a "crash" (the process stops without settling) or a
 * restart loses nothing, settled events are not delivered again, and each handler has its own
 * deliveries. Each "process" is a fresh bus, relay and connection on the same database.
 */
import { sql } from 'drizzle-orm';
import t, { type Test } from 'tap';
import { connectDatabase, type Db } from '../../server/kernel/db/client.ts';
import { InProcessBus } from '../../server/kernel/events/bus-in-process.ts';
import { unsettledEvents } from '../../server/kernel/events/delivery-records.ts';
import { prunePublished, writeEvent } from '../../server/kernel/events/outbox.ts';
import { OutboxRelay } from '../../server/kernel/events/relay.ts';
import { createTestDatabase } from '../../server/test/app.ts';
import { memoryLog, waitFor } from '../../server/test/nats.ts';
import { type RunningConsumer, runConsumer } from './consume.ts';
import { defineHandler, type EventHandler, PermanentError } from './handler.ts';
import { like, unpublishedCount } from '../test/delivery-suite.ts';

interface Process {
  db: Db;
  log: ReturnType<typeof memoryLog>;
  consumers: RunningConsumer[];
  relay: OutboxRelay;
  /** Graceful: the relay publishes what is left, jobs in flight finish. */
  stop(): Promise<void>;
  /** Like kill -9 as far as the database can tell: nothing is settled or published any more. */
  crash(): Promise<void>;
}

/** One server process: its own connection, in-process bus, handlers and relay. */
function startProcess(t: Test, url: string, handlers: EventHandler[]): Process {
  const database = connectDatabase(url, { max: 5 });
  const log = memoryLog();
  const bus = new InProcessBus(database.db, log);
  const consumers = handlers.map((handler) => runConsumer(handler, bus.consumer(handler.name, handler.subjects, 8), { log }));
  const relay = new OutboxRelay({ db: database.db, transport: bus, log, batchSize: 50, pollMs: 100, listener: database.sql });
  relay.start();
  let ended = false;
  const end = async (graceful: boolean) => {
    if (ended) return;
    ended = true;
    await relay.stop({ flush: graceful });
    if (graceful) await Promise.all(consumers.map((consumer) => consumer.stop()));
    // A crashed process's hung jobs never settle: their connection is gone.
    await database.close();
  };
  t.teardown(() => end(false));
  return { db: database.db, log, consumers, relay, stop: () => end(true), crash: () => end(false) };
}

async function settledRows(db: Db): Promise<Array<{ event_id: number; handler: string; outcome: string }>> {
  const rows = await db.execute<{ event_id: number; handler: string; outcome: string }>(
    sql`select event_id, handler, outcome from event_deliveries order by handler, event_id`,
  );
  return rows.map((row) => ({ event_id: Number(row.event_id), handler: row.handler, outcome: row.outcome }));
}

const never = new Promise<void>(() => {});

/** A handler that records what it saw; ids in `hang` never finish, as if the process died mid-job. */
function recorder(name: string, options: { hang?: Set<number>; permanent?: Set<number>; concurrency?: number } = {}) {
  const seen: number[] = [];
  const handler = defineHandler({
    name,
    subjects: ['likes.created'],
    concurrency: options.concurrency ?? 1,
    async handle(event) {
      seen.push(event.id);
      if (options.hang?.has(event.payload.likeId)) await never;
      if (options.permanent?.has(event.payload.likeId)) throw new PermanentError('refused for good');
    },
  });
  return { handler, seen };
}

t.test('durable in-process delivery', async (t) => {
  t.test('a job running or queued when the process crashes is delivered again at the next start, then recorded', async (t) => {
    const url = await createTestDatabase(t);
    const first = recorder('grants', { hang: new Set([1]) });
    const before = startProcess(t, url, [first.handler]);
    const ids = [await writeEvent(before.db, 'likes.created', like(1)), await writeEvent(before.db, 'likes.created', like(2))];
    await waitFor(() => first.seen.length === 1, 10_000, 'the first job to start');
    await waitFor(async () => (await unpublishedCount(before.db)) === 0, 10_000, 'both rows published');
    await before.crash();
    t.same(first.seen, [ids[0]], 'one job was running, the other queued behind it');

    const second = recorder('grants');
    const after = startProcess(t, url, [second.handler]);
    await waitFor(() => second.seen.length === 2, 10_000, 'redelivery after the restart');
    t.same(second.seen, ids, 'both delivered again, oldest first');
    await waitFor(async () => (await settledRows(after.db)).length === 2, 5_000, 'settlements');
    t.same(
      await settledRows(after.db),
      ids.map((id) => ({ event_id: id, handler: 'grants', outcome: 'acked' })),
    );
    t.ok(after.log.lines.some((line) => line.message === 'in-process: delivering unsettled events again'));
  });

  t.test('acked and terminated events are not delivered again after a restart', async (t) => {
    const url = await createTestDatabase(t);
    const first = recorder('grants', { permanent: new Set([2]) });
    const before = startProcess(t, url, [first.handler]);
    const ids = [await writeEvent(before.db, 'likes.created', like(1)), await writeEvent(before.db, 'likes.created', like(2))];
    await waitFor(() => first.seen.length === 2, 10_000, 'both jobs');
    await waitFor(async () => (await settledRows(before.db)).length === 2, 5_000, 'settlements');
    t.same(await settledRows(before.db), [
      { event_id: ids[0], handler: 'grants', outcome: 'acked' },
      { event_id: ids[1], handler: 'grants', outcome: 'termed' },
    ]);
    // Even a crash right after settling: the records are what counts.
    await before.crash();

    const second = recorder('grants');
    const after = startProcess(t, url, [second.handler]);
    const next = await writeEvent(after.db, 'likes.created', like(3));
    await waitFor(() => second.seen.length >= 1, 10_000, 'the new event');
    // Owed events are delivered before new ones: once a later sentinel arrives, a settled event
    // delivered again would already be in the list.
    const sentinel = await writeEvent(after.db, 'likes.created', like(4));
    await waitFor(() => second.seen.includes(sentinel), 10_000, 'the sentinel');
    t.same(second.seen, [next, sentinel], 'only the new events');
  });

  t.test('two handlers on one subject each have their own deliveries', async (t) => {
    const url = await createTestDatabase(t);
    const fast = recorder('alpha');
    const stuck = recorder('beta', { hang: new Set([1]) });
    const before = startProcess(t, url, [fast.handler, stuck.handler]);
    const id = await writeEvent(before.db, 'likes.created', like(1));
    await waitFor(() => fast.seen.length === 1 && stuck.seen.length === 1, 10_000, 'both handlers');
    await waitFor(async () => (await settledRows(before.db)).length === 1, 5_000, 'alpha settles');
    await before.crash();

    const alpha = recorder('alpha');
    const beta = recorder('beta');
    const after = startProcess(t, url, [alpha.handler, beta.handler]);
    await waitFor(() => beta.seen.length === 1, 10_000, 'beta gets it again');
    // A later event as sentinel: alpha gets it only after anything it was still owed.
    const sentinel = await writeEvent(after.db, 'likes.created', like(2));
    await waitFor(() => alpha.seen.includes(sentinel) && beta.seen.includes(sentinel), 10_000, 'the sentinel');
    t.same(alpha.seen, [sentinel], 'alpha had settled it: not delivered again');
    t.same(beta.seen, [id, sentinel]);
    await waitFor(async () => (await settledRows(after.db)).length === 4, 5_000, 'everything settles');
    t.same(await settledRows(after.db), [
      { event_id: id, handler: 'alpha', outcome: 'acked' },
      { event_id: sentinel, handler: 'alpha', outcome: 'acked' },
      { event_id: id, handler: 'beta', outcome: 'acked' },
      { event_id: sentinel, handler: 'beta', outcome: 'acked' },
    ]);
  });

  t.test('a retry waiting at a graceful stop is delivered at the next start', async (t) => {
    const url = await createTestDatabase(t);
    const attempts: number[] = [];
    const flaky = defineHandler({
      name: 'flaky',
      subjects: ['likes.created'],
      concurrency: 1,
      retryBackoff: { baseMs: 60_000, maxMs: 60_000 },
      async handle(_event, context) {
        attempts.push(context.attempt);
        if (attempts.length === 1) throw new Error('payment provider down');
      },
    });
    const before = startProcess(t, url, [flaky]);
    await writeEvent(before.db, 'likes.created', like(1));
    await waitFor(() => attempts.length === 1, 10_000, 'the failing attempt');
    await before.stop();
    t.ok(before.log.lines.some((line) => line.message === 'in-process retries left for the next start'));

    startProcess(t, url, [flaky]);
    await waitFor(() => attempts.length === 2, 10_000, 'delivery after the restart');
  });

  t.test('owed rows and rows the relay publishes while they load are each delivered once, owed first', async (t) => {
    const url = await createTestDatabase(t);
    const setup = connectDatabase(url, { max: 2 });
    t.teardown(() => setup.close());
    const owed: number[] = [];
    for (let i = 1; i <= 20; i += 1) owed.push(await writeEvent(setup.db, 'likes.created', like(i)));
    // Published by a process that then crashed before handling any of them.
    await setup.db.execute(sql`update outbox set published_at = now()`);
    const fresh: number[] = [];
    for (let i = 21; i <= 40; i += 1) fresh.push(await writeEvent(setup.db, 'likes.created', like(i)));

    const one = recorder('grants');
    const running = startProcess(t, url, [one.handler]);
    await waitFor(() => one.seen.length >= 40, 10_000, 'all events');
    // A sentinel written now is published after every row above: a row delivered twice would
    // arrive before it.
    const sentinel = await writeEvent(running.db, 'likes.created', like(41));
    await waitFor(() => one.seen.includes(sentinel), 10_000, 'the sentinel');
    t.equal(one.seen.length, 41, 'none twice');
    t.same(one.seen.slice(0, 20), owed, 'the owed rows first, in order');
    t.same(
      [...one.seen.slice(20, 40)].sort((a, b) => a - b),
      fresh,
    );
    t.equal(one.seen[40], sentinel);
  });

  t.test('pruning keeps the rows a registered handler still owes', async (t) => {
    const url = await createTestDatabase(t);
    const database = connectDatabase(url, { max: 2 });
    t.teardown(() => database.close());
    const { db } = database;
    const old: number[] = [];
    for (let i = 1; i <= 3; i += 1) old.push(await writeEvent(db, 'likes.created', like(i)));
    await db.execute(sql`update outbox set published_at = now() - interval '100 hours'`);
    await db.execute(
      sql`insert into event_deliveries (event_id, handler, outcome) values (${old[0]}, 'grants', 'acked'), (${old[1]}, 'grants', 'termed')`,
    );
    const grants = { handler: 'grants', subjects: ['likes.created'] };
    // What the relay passes when it prunes: the handlers registered on the in-process bus.
    const bus = new InProcessBus(db, memoryLog());
    const queues = [bus.consumer('grants', ['likes.created'], 8), bus.consumer('other', ['matches.created'], 8)];
    t.teardown(() => Promise.all(queues.map((queue) => queue.stop())));
    t.same(bus.outboxConsumers(), [grants, { handler: 'other', subjects: ['matches.created'] }]);

    t.same(
      (await unsettledEvents(db, grants)).map((row) => row.id),
      [old[2]],
      'an owed row is delivered however old it is',
    );
    t.equal(await prunePublished(db, 72, bus.outboxConsumers()), 2, 'settled rows go');
    const left = await db.execute<{ id: number }>(sql`select id from outbox order by id`);
    t.same(
      left.map((row) => Number(row.id)),
      [old[2]],
      'the owed row stays',
    );
    t.same(await settledRows(db), [], 'delivery records go with their rows');
    t.equal(await prunePublished(db, 72), 1, 'once no registered handler owes it, it goes too');
  });
});
