/**
 * credit-grants: a confirmed payment becomes its package's credits exactly once, including when
 * the worker process is killed in the middle of the grant and another worker takes the event
 * over, with the member's own check and repeated webhooks arriving around it.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { EventEnvelope } from '../../server/kernel/events/contracts.ts';
import { payments } from '../../server/kernel/db/schema/index.ts';
import { buildTestApp } from '../../server/test/app.ts';
import { balanceOf, grantsOf, ledgerMismatches } from '../../server/test/credits.ts';
import { signUp } from '../../server/test/factories.ts';
import { memoryLog, natsSkip, natsTestEnv, waitFor } from '../../server/test/nats.ts';
import { natsConsumerSettled } from '../../server/test/events-settled.ts';
import { spawnEntry } from '../../server/test/server-process.ts';
import { creditGrantsHandler } from './handler.ts';

function succeeded(paymentId: string, userId: number, id = 1): EventEnvelope<'payments.succeeded'> {
  return {
    id,
    subject: 'payments.succeeded',
    occurredAt: new Date().toISOString(),
    payload: {
      paymentId,
      userId,
      packageId: 'chat_3',
      credits: 3,
      amountCents: 1299,
      currency: 'usd',
      succeededAt: new Date().toISOString(),
    },
  };
}

t.test('the handler grants a succeeded payment once, and shrugs at what it cannot grant', async (t) => {
  const { app, db } = await buildTestApp(t, { WORKERS: 'none' });
  const buyer = await signUp(app);
  const handler = creditGrantsHandler({ db });
  const context = { attempt: 1, progress: () => {}, log: memoryLog(), stopping: new AbortController().signal };
  await db.insert(payments).values({
    id: 'cs_test_paid',
    userId: buyer.userId,
    packageId: 'chat_3',
    credits: 3,
    amountCents: 1299,
    currency: 'usd',
    status: 'succeeded',
  });
  await db
    .insert(payments)
    .values({ id: 'cs_test_open', userId: buyer.userId, packageId: 'chat_3', credits: 3, amountCents: 1299, currency: 'usd' });

  await handler.handle(succeeded('cs_test_paid', buyer.userId), context);
  await handler.handle(succeeded('cs_test_paid', buyer.userId, 2), context);
  await Promise.all([1, 2, 3].map(() => handler.handle(succeeded('cs_test_paid', buyer.userId, 3), context)));
  t.equal(await balanceOf(db, buyer), 3, 'once, however often the event comes');
  t.equal(await grantsOf(db, 'cs_test_paid'), 1);

  await handler.handle(succeeded('cs_test_open', buyer.userId), context);
  t.equal(await grantsOf(db, 'cs_test_open'), 0, 'a payment not recorded as succeeded is not granted');
  await handler.handle(succeeded('cs_test_unknown', buyer.userId), context);
  t.equal(await balanceOf(db, buyer), 3);
  t.same(await ledgerMismatches(db), []);
});

t.test(
  'a worker killed mid-grant: the next worker grants once; the check and repeated webhooks add nothing',
  { skip: natsSkip },
  async (t) => {
    const nats = natsTestEnv(t);
    // The API relays events to NATS; no handler runs in it, the workers processes do.
    const { app, db, databaseUrl } = await buildTestApp(t, { ...nats, WORKERS: 'none' });
    const emulator = app.stripeEmulator;
    if (!emulator) throw new Error('the tests run on the emulator');
    const buyer = await signUp(app);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create-checkout/',
      headers: buyer.auth,
      payload: { package: 'chat_7', success_url: 'http://localhost:3000/credits', cancel_url: 'http://localhost:3000/credits' },
    });
    const sessionId = opened.json().session_id as string;

    // The grant of this payment hangs inside its transaction (after its ledger row is written and
    // before the commit) until the worker holding it dies; the server notices the dead client.
    await db.execute(sql.raw(`alter database "${new URL(databaseUrl).pathname.slice(1)}" set client_connection_check_interval = '100ms'`));
    await db.execute(
      sql.raw(`
    create function hang_grant() returns trigger language plpgsql as $$
    begin
      if new.payment_id = '${sessionId}' and exists (select 1 from pg_class where relname = 'grant_hangs') then
        perform pg_sleep(120);
      end if;
      return new;
    end $$`),
    );
    await db.execute(sql`create table grant_hangs (x int)`);
    await db.execute(sql`create trigger hang_grant after insert on credit_ledger for each row execute function hang_grant()`);

    const workerEnv = { ...nats, DATABASE_URL: databaseUrl, WORKERS: 'credit-grants', WORKERS_PORT: '0', LOG_LEVEL: 'warn' };
    const first = spawnEntry(t, 'workers/main.ts', workerEnv);
    await emulator.pay(sessionId);
    const hanging = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep'`))[0].n > 0;
    await waitFor(hanging, 30_000, `the first worker to be in the middle of the grant\n${first.output()}`);

    first.child.kill('SIGKILL');
    await first.exited;
    await waitFor(async () => !(await hanging()), 10_000, 'the dead worker’s transaction to be rolled back');
    t.equal(await grantsOf(db, sessionId), 0, 'the killed grant left nothing behind');
    t.equal(await balanceOf(db, buyer), 0);
    await db.execute(sql`drop table grant_hangs`);

    const second = spawnEntry(t, 'workers/main.ts', workerEnv);
    await waitFor(async () => (await balanceOf(db, buyer)) === 7, 40_000, `the second worker to take the event over\n${second.output()}`);

    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/match/purchase_chat_credits/',
      headers: buyer.auth,
      payload: { transaction_id: sessionId },
    });
    t.match(check.json(), { granted_now: false, current_credits: 7 }, 'the member’s check after the grant adds nothing');
    const [completed] = emulator.events().filter((event) => event.sessionId === sessionId);
    for (let i = 0; i < 3; i += 1) t.equal(await emulator.resend(completed.id), 200);
    // Whatever the webhooks set off has reached the worker and been acked before the grants are counted.
    await natsConsumerSettled(db, nats.NATS_STREAM, 'credit-grants');
    t.equal(await grantsOf(db, sessionId), 1, 'exactly one grant');
    t.equal(await balanceOf(db, buyer), 7);
    t.same(await ledgerMismatches(db), []);
  },
);
