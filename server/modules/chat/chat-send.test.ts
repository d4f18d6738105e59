/** Sending: a retried send (Idempotency-Key) stores one message, also when the copies race; the per-member rate limit. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { eventPayloadProblems } from '../../kernel/events/contracts.ts';
import { buildTestApp } from '../../test/app.ts';
import { CHAT_WORKERS, chattingPair, readChat, sendMessage } from '../../test/chat.ts';

async function messageCount(db: Db): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages`);
  return row.n;
}

async function eventCount(db: Db): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where subject = 'chat.message_sent'`);
  return row.n;
}

t.test('a retried send answers the first message and stores nothing new', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);

  const first = await sendMessage(app, a, matchId, { message: 'Are you free on Friday?' }, 'key-1');
  t.equal(first.statusCode, 201);
  const retry = await sendMessage(app, a, matchId, { message: 'Are you free on Friday?' }, 'key-1');
  t.equal(retry.statusCode, 200, 'a repeat answers 200');
  t.same(retry.json(), first.json(), 'with the first message');
  t.equal(await messageCount(db), 1);
  t.equal(await eventCount(db), 1, 'and announces it once');

  t.equal(
    (await sendMessage(app, a, matchId, { message: 'Are you free on Friday?' })).statusCode,
    201,
    'without a key the same text is a new message',
  );
  t.equal((await sendMessage(app, b, matchId, { message: 'Yes!' }, 'key-1')).statusCode, 201, 'keys are per sender');
  t.equal(await messageCount(db), 3);

  t.test('the same key in another chat is a conflict, not a message', async (t) => {
    const other = await chattingPair(app, db);
    await db.execute(
      sql`insert into likes (from_profile_id, to_profile_id, liked) values (${a.profileId}, ${other.b.profileId}, true), (${other.b.profileId}, ${a.profileId}, true)`,
    );
    const [{ id }] = await db.execute<{ id: number }>(sql`
      insert into matches (profile_low_id, profile_high_id, chat_unlocked_at)
      values (least(${a.profileId}::bigint, ${other.b.profileId}::bigint), greatest(${a.profileId}::bigint, ${other.b.profileId}::bigint), now())
      returning id`);
    const reused = await sendMessage(app, a, Number(id), { message: 'Hi' }, 'key-1');
    t.equal(reused.statusCode, 409);
    t.equal(reused.json().error, 'This Idempotency-Key was already used for a message in another chat.');
    t.equal(await messageCount(db), 3);
  });

  t.test('a repeat is answered even once the chat is locked again, a new message is not', async (t) => {
    await db.execute(sql`update matches set chat_unlocked_at = null where id = ${matchId}`);
    const replay = await sendMessage(app, a, matchId, { message: 'Are you free on Friday?' }, 'key-1');
    t.equal(replay.statusCode, 200);
    t.same(replay.json(), first.json());
    t.equal((await sendMessage(app, a, matchId, { message: 'new' }, 'key-2')).statusCode, 403);
    await db.execute(sql`update matches set chat_unlocked_at = now() where id = ${matchId}`);
  });

  t.test('a key must be 1..100 printable characters', async (t) => {
    for (const key of ['', 'k'.repeat(101), 'tab\there']) {
      const response = await sendMessage(app, a, matchId, { message: 'x' }, key);
      t.equal(response.statusCode, 400, JSON.stringify(key));
    }
    t.equal((await sendMessage(app, a, matchId, { message: 'x' }, `${'k'.repeat(99)}~`)).statusCode, 201, '100 characters');
  });
});

t.test('identical sends racing with one key make one message', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, matchId } = await chattingPair(app, db);
  const before = await messageCount(db);
  for (let round = 0; round < 5; round++) {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sendMessage(app, a, matchId, { message: `round ${round}` }, `race-${round}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    t.same(statuses, [200, 200, 200, 200, 200, 200, 200, 201], `round ${round}: one created, the rest answered with it`);
    t.equal(new Set(answers.map((answer) => answer.json().message.id)).size, 1, `round ${round}: all name the same message`);
  }
  t.equal(await messageCount(db), before + 5, 'one row per key');
  t.equal(await eventCount(db), 5);
});

t.test('a member sending too fast is told to wait', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  for (let i = 1; i <= 30; i++) {
    const response = await sendMessage(app, a, matchId, { message: `message ${i}` }, `burst-${i}`);
    if (response.statusCode !== 201) t.fail(`message ${i}: ${response.statusCode} ${response.body}`);
  }
  const refused = await sendMessage(app, a, matchId, { message: 'one too many' });
  t.equal(refused.statusCode, 429);
  t.match(refused.json().error, /^You are sending messages too quickly\. Please wait \d+ seconds?\.$/);
  const retryAfter = Number(refused.headers['retry-after']);
  t.ok(retryAfter >= 1 && retryAfter <= 10, `Retry-After ${retryAfter}`);
  t.equal(await messageCount(db), 30, 'the refused message was not stored');
  t.equal(
    (await sendMessage(app, a, matchId, { message: 'message 30' }, 'burst-30')).statusCode,
    200,
    'a retry of a stored message is still answered',
  );
  t.equal((await sendMessage(app, b, matchId, { message: 'my turn' })).statusCode, 201, 'the limit is per member');
  t.equal((await readChat(app, a, matchId)).statusCode, 200, 'reading is not limited');
});

t.test("a text message's event, written by its insert, meets its contract and names both members", async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  const sent = await sendMessage(app, a, matchId, { message: 'Hello there' });
  t.equal(sent.statusCode, 201);
  const { message } = sent.json() as { message: { id: number; createdAt: string } };
  const events = await db.execute<{ payload: Record<string, unknown> }>(
    sql`select payload from outbox where subject = 'chat.message_sent'`,
  );
  t.equal(events.length, 1);
  const [{ payload }] = events;
  t.same(eventPayloadProblems('chat.message_sent', payload), [], 'it meets the contract the consumers validate');
  t.same(payload, { messageId: message.id, matchId, fromUserId: a.userId, toUserId: b.userId, hasPhoto: false, sentAt: message.createdAt });
});
