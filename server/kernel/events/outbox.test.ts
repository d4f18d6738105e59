import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import t from 'tap';
import { connectDatabase } from '../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { waitFor } from '../../test/nats.ts';
import { EVENT_SUBJECTS, eventPayloadProblems, InvalidEventError } from './contracts.ts';
import { OUTBOX_CHANNEL, outboxBacklog, writeEvent } from './outbox.ts';

t.test('writeEvent', async (t) => {
  const url = await createTestDatabase(t);
  const database = connectDatabase(url, { max: 3 });
  const listener = postgres(url, { max: 1, onnotice: () => {} });
  t.teardown(async () => {
    await listener.end();
    await database.close();
  });
  const db = database.db;
  let notified = 0;
  await listener.listen(OUTBOX_CHANNEL, () => {
    notified += 1;
  });
  const like = { likeId: 1, fromUserId: 1, fromProfileId: 11, toUserId: 2, toProfileId: 12, createdAt: new Date().toISOString() };

  t.test("inserts the row in the caller's transaction and notifies at commit", async (t) => {
    const id = await db.transaction(async (tx) => {
      const id = await writeEvent(tx, 'likes.created', like);
      const [{ count }] = await db.execute<{ count: number }>(sql`select count(*)::int as count from outbox where id = ${id}`);
      t.equal(count, 0, 'invisible outside the transaction before commit');
      return id;
    });
    const [row] = await db.execute<{ subject: string; payload: unknown; published_at: Date | null }>(
      sql`select subject, payload, published_at from outbox where id = ${id}`,
    );
    t.match(row, { subject: 'likes.created', payload: like, published_at: null });
    await waitFor(() => notified >= 1, 10_000, 'the NOTIFY that wakes the relay');
    t.ok(notified >= 1, 'the relay is woken');
  });

  t.test('a rolled-back transaction leaves no event', async (t) => {
    const before = (await outboxBacklog(db)).pending;
    await t.rejects(
      db.transaction(async (tx) => {
        await writeEvent(tx, 'likes.created', like);
        throw new Error('the state change failed');
      }),
    );
    t.equal((await outboxBacklog(db)).pending, before);
  });

  t.test('refuses a payload that breaks its contract, naming the problem', async (t) => {
    const bad = { ...like, likeId: 'one' } as unknown as typeof like;
    await t.rejects(writeEvent(db, 'likes.created', bad), InvalidEventError);
    t.match(eventPayloadProblems('likes.created', bad).join(), /likeId/);
    t.match(eventPayloadProblems('nobody.cares', {}), [/unknown event subject/]);
    t.match(
      eventPayloadProblems('matches.created', { matchId: 1, members: [{ userId: 1, profileId: 1 }], createdAt: like.createdAt }).join(),
      /members/,
    );
  });

  t.test('the backlog reports pending rows and their age', async (t) => {
    const backlog = await outboxBacklog(db);
    t.ok(backlog.pending >= 1);
    t.ok(backlog.lagSeconds >= 0);
  });
});

t.test('every subject is <domain>.<past_tense>', async (t) => {
  // Past tense: a regular -ed verb, or one of the irregular ones in use.
  for (const subject of EVENT_SUBJECTS) t.match(subject, /^[a-z]+\.([a-z]+_)?([a-z]+ed|sent)$/, subject);
});
