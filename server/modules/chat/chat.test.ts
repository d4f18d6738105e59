/**
 * Chat: a locked chat shows and takes nothing; sending and reading in order; the page cursors;
 * the text rules; who may reach a chat (the two members only, never across a block); clearing a
 * conversation for oneself.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  CHAT_WORKERS,
  chatUrl,
  chattingPair,
  clearChat,
  insertMessages,
  markRead,
  matchedPair,
  readChat,
  sendMessage,
} from '../../test/chat.ts';
import { signUp } from '../../test/factories.ts';
import { type Member, post, woman } from '../../test/members.ts';
import { block, patchProfile } from '../../test/profiles.ts';

async function messageCount(db: Db, matchId?: number): Promise<number> {
  const where = matchId === undefined ? sql`true` : sql`match_id = ${matchId}`;
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages where ${where}`);
  return row.n;
}

const ids = (body: { messages: Array<{ id: number }> }) => body.messages.map((m) => m.id);

t.test('a locked chat shows no history and takes no message', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await matchedPair(app, db);
  // History from an earlier unlock, since ended: it must not leak while the chat is locked.
  await insertMessages(db, matchId, b.profileId, 3);

  const read = await readChat(app, a, matchId);
  t.equal(read.statusCode, 200);
  t.same(read.json(), { chat_unlocked: false, messages: [], has_more: false, peer_last_read_message_id: null });

  const send = await sendMessage(app, a, matchId, { message: 'hello' });
  t.equal(send.statusCode, 403);
  t.equal(send.json().error, 'Unlock this chat to send messages.');
  const receipt = await markRead(app, a, matchId, 1);
  t.equal(receipt.statusCode, 403);
  t.equal(receipt.json().error, 'Unlock this chat to read its messages.');
  t.equal(await messageCount(db), 3, 'nothing was stored');
  t.equal((await clearChat(app, a, matchId)).statusCode, 200, 'clearing one’s own view is allowed on a locked chat');
});

t.test('messages arrive in order for both members, trimmed, with their event', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);

  const first = await sendMessage(app, a, matchId, { message: 'Hello Eve' });
  t.equal(first.statusCode, 201, first.body);
  const sent = first.json().message;
  t.match(sent, { fromProfileId: a.profileId, message: 'Hello Eve', photo_thumbnail_url: null, photo_url: null });
  t.type(sent.id, 'number');
  t.ok(new Date(sent.createdAt).toISOString() === sent.createdAt, 'createdAt is ISO 8601');
  t.same(Object.keys(sent).sort(), ['createdAt', 'fromProfileId', 'id', 'message', 'photo_thumbnail_url', 'photo_url']);
  t.equal((await sendMessage(app, b, matchId, { message: '  \n Hi Adam!\t ' })).statusCode, 201);
  t.equal((await sendMessage(app, a, matchId, { message: 'How are you?' })).statusCode, 201);

  for (const member of [a, b]) {
    const chat = (await readChat(app, member, matchId)).json();
    t.equal(chat.chat_unlocked, true);
    t.equal(chat.has_more, false);
    t.same(
      chat.messages.map((m: { message: string }) => m.message),
      ['Hello Eve', 'Hi Adam!', 'How are you?'],
      'oldest first, trimmed',
    );
    t.same(
      chat.messages.map((m: { fromProfileId: number }) => m.fromProfileId),
      [a.profileId, b.profileId, a.profileId],
    );
  }

  const events = await db.execute<{ payload: Record<string, unknown> }>(
    sql`select payload from outbox where subject = 'chat.message_sent' order by id`,
  );
  t.equal(events.length, 3, 'one event per message');
  t.match(events[0].payload, { messageId: sent.id, matchId, fromUserId: a.userId, toUserId: b.userId, hasPhoto: false });
  t.notMatch(JSON.stringify(events.map((e) => e.payload)), /Hello|Adam/, 'the event carries no text');
});

t.test('pages: the newest page, older pages, what is new, and their limits', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  const all = await insertMessages(db, matchId, b.profileId, 120);

  const newest = (await readChat(app, a, matchId)).json();
  t.same(ids(newest), all.slice(70), 'without a cursor: the newest 50, oldest first');
  t.equal(newest.has_more, true, 'older ones exist');

  const older = (await readChat(app, a, matchId, `before_id=${all[70]}`)).json();
  t.same(ids(older), all.slice(20, 70));
  t.equal(older.has_more, true);
  const oldest = (await readChat(app, a, matchId, `before_id=${all[20]}`)).json();
  t.same(ids(oldest), all.slice(0, 20));
  t.equal(oldest.has_more, false, 'nothing older');

  const poll = (await readChat(app, a, matchId, `after_id=${all[99]}&limit=10`)).json();
  t.same(ids(poll), all.slice(100, 110), 'after_id: the next ones, oldest first');
  t.equal(poll.has_more, true, 'newer ones remain');
  const caughtUp = (await readChat(app, a, matchId, `after_id=${all[119]}`)).json();
  t.same(caughtUp.messages, []);
  t.equal(caughtUp.has_more, false);
  t.same(ids((await readChat(app, a, matchId, 'after_id=0&limit=3')).json()), all.slice(0, 3), 'after_id=0: from the start');
  t.equal((await readChat(app, a, matchId, 'limit=100')).json().messages.length, 100);
  t.same(ids((await readChat(app, a, matchId, 'limit=1')).json()), [all[119]]);

  for (const [query, message] of [
    ['limit=0', /limit/],
    ['limit=101', /limit/],
    ['limit=abc', /limit/],
    ['after_id=-1', /after_id/],
    ['before_id=1.5', /before_id/],
    ['after_id=1&before_id=5', /^Use after_id or before_id, not both\.$/],
    ['afterId=3', /additional properties/],
  ] as const) {
    const response = await readChat(app, a, matchId, query);
    t.equal(response.statusCode, 400, query);
    t.match(response.json().error, message, query);
  }
});

t.test('what a message may hold', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, matchId } = await chattingPair(app, db);
  const refuse = async (payload: unknown, error: RegExp | string, label: string) => {
    const response = await app.inject({ method: 'POST', url: chatUrl(matchId), headers: a.auth, payload: payload as object });
    t.equal(response.statusCode, 400, `${label}: ${response.body}`);
    t.match(response.json().error, error, label);
  };
  await refuse({ message: ' \n\t ' }, /^Write a message or add a photo\.$/, 'whitespace only');
  await refuse({}, /^Write a message or add a photo\.$/, 'nothing at all');
  await refuse({ message: 'x'.repeat(2001) }, /^Messages can be at most 2000 characters\.$/, '2001 characters');
  await refuse({ message: 'x'.repeat(9000) }, /message/, 'far too long for the schema');
  await refuse({ message: 'a\u0000b' }, /NUL/, 'a NUL character');
  await refuse({ message: 'a\ud800b' }, /unpaired surrogates/, 'a lone surrogate');
  await refuse({ message: 42 }, /message/, 'not text');
  await refuse({ message: 'hi', extra: true }, /extra|additional/i, 'an unknown field');
  await refuse({ uploadId: 'not-a-uuid' }, /uploadId/, 'an upload id that is no UUID');
  t.equal(await messageCount(db), 0, 'none of them was stored');

  const longest = await sendMessage(app, a, matchId, { message: `  ${'y'.repeat(2000)}  ` });
  t.equal(longest.statusCode, 201, '2000 characters once trimmed');
  const emoji = await sendMessage(app, a, matchId, { message: '😀'.repeat(2000) });
  t.equal(emoji.statusCode, 201, 'characters, not UTF-16 units: 2000 emoji fit');
  t.equal(emoji.json().message.message, '😀'.repeat(2000));
  const lookalike = await sendMessage(app, a, matchId, { message: 'media:users/1/uploads/x/full.jpg' });
  t.equal(lookalike.json().message.message, 'media:users/1/uploads/x/full.jpg', 'text that reads like a photo reference stays text');
});

t.test('only the two members reach a chat, and never across a block', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db, ['adam', 'eve']);
  await sendMessage(app, a, matchId, { message: 'private' });
  const stranger = await woman(app, db, {}, 'lilith');
  const calls = (member: Member, id: number | string = matchId) => [
    readChat(app, member, id),
    sendMessage(app, member, id, { message: 'intruding' }),
    clearChat(app, member, id),
    markRead(app, member, id, 1),
  ];
  const expectAll = async (member: Member, status: number, label: string, id: number | string = matchId) => {
    for (const response of await Promise.all(calls(member, id))) {
      t.equal(response.statusCode, status, `${label}: ${response.body}`);
      if (status === 404) t.equal(response.json().error, 'Match not found.', label);
    }
  };

  await expectAll(stranger, 404, 'a third member');
  await expectAll(a, 404, 'a match that never existed', 9_000_000);
  t.equal((await readChat(app, a, 'abc')).statusCode, 400);
  const newcomer = await signUp(app, { username: 'newcomer' });
  await patchProfile(app, newcomer, { gender: 'Woman' });
  const incomplete = await readChat(app, newcomer, matchId);
  t.equal(incomplete.statusCode, 403, 'an incomplete member is asked to complete their profile first');

  t.test('a block either way hides the chat from both', async (t) => {
    // Written straight to the table, so the match is still there: the chat routes check blocks themselves.
    for (const [blocker, blocked] of [
      [a, b],
      [b, a],
    ] as const) {
      await block(db, blocker, blocked);
      await expectAll(a, 404, `adam, after ${blocker.username} blocked ${blocked.username}`);
      await expectAll(b, 404, `eve, after ${blocker.username} blocked ${blocked.username}`);
      await db.execute(sql`delete from blocks`);
    }
    t.equal((await readChat(app, a, matchId)).statusCode, 200, 'no block: the chat is back');
    t.equal(await messageCount(db, matchId), 1, 'no refused call stored anything');
  });

  t.test('a block through the API ends the match; unblocking does not bring it back', async (t) => {
    t.equal((await post(app, b, `/api/v1/block/${a.userId}/`)).statusCode, 200);
    await expectAll(a, 404, 'blocked');
    t.equal((await app.inject({ method: 'DELETE', url: `/api/v1/block/${a.userId}/unblock/`, headers: b.auth })).statusCode, 200);
    await expectAll(a, 404, 'unblocked, the match is still gone');
    await expectAll(b, 404, 'for both');
    t.equal(await messageCount(db, matchId), 0, 'the history went with the match');
  });
});

t.test('unmatching or deleting an account takes the chat with it', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const first = await chattingPair(app, db);
  await sendMessage(app, first.a, first.matchId, { message: 'bye soon' });
  t.equal((await post(app, first.b, `/api/v1/match/unmatch/${first.a.profileId}/`)).statusCode, 200);
  t.equal((await readChat(app, first.a, first.matchId)).statusCode, 404);
  t.equal(await messageCount(db, first.matchId), 0);

  const second = await chattingPair(app, db);
  await sendMessage(app, second.b, second.matchId, { message: 'hello' });
  t.equal((await post(app, second.b, '/api/v1/profile/delete/')).statusCode, 200);
  t.equal((await readChat(app, second.a, second.matchId)).statusCode, 404);
  t.equal(await messageCount(db), 0);
});

t.test('clearing a chat hides it from the caller only', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  for (const [member, text] of [
    [a, 'one'],
    [b, 'two'],
    [a, 'three'],
  ] as const)
    await sendMessage(app, member, matchId, { message: text });

  const cleared = await clearChat(app, a, matchId);
  t.equal(cleared.statusCode, 200);
  t.same(cleared.json(), { detail: 'Chat cleared' });
  t.same((await readChat(app, a, matchId)).json().messages, [], 'gone from my view');
  t.equal((await readChat(app, a, matchId)).json().has_more, false, 'and not counted as older messages');
  t.equal((await readChat(app, b, matchId)).json().messages.length, 3, 'the peer keeps the whole history');
  t.equal(await messageCount(db, matchId), 3, 'nothing was deleted');

  await sendMessage(app, b, matchId, { message: 'four' });
  t.same(
    (await readChat(app, a, matchId)).json().messages.map((m: { message: string }) => m.message),
    ['four'],
    'new messages show as usual',
  );
  t.same(
    (await readChat(app, a, matchId, 'after_id=0')).json().messages.map((m: { message: string }) => m.message),
    ['four'],
    'also to a poll from the start',
  );
  t.same(
    (await readChat(app, a, matchId, 'before_id=999999')).json().messages.map((m: { message: string }) => m.message),
    ['four'],
  );
  t.equal((await clearChat(app, a, matchId)).statusCode, 200, 'clearing again is fine');
  t.same((await readChat(app, a, matchId)).json().messages, []);
  t.equal((await readChat(app, b, matchId)).json().messages.length, 4);
});
