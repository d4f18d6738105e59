/** Read receipts: the position moves forward only and never past the newest message; the setting hides them both ways. */
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { CHAT_WORKERS, chattingPair, markRead, readChat, sendMessage, setReadReceipts } from '../../test/chat.ts';

t.test('the chat settings are the caller’s own', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b } = await chattingPair(app, db);
  const settings = (member: typeof a) => app.inject({ method: 'GET', url: '/api/v1/chat/settings/', headers: member.auth });
  t.same((await settings(a)).json(), { send_read_receipts: true }, 'on by default');
  const off = await setReadReceipts(app, a, false);
  t.equal(off.statusCode, 200);
  t.same(off.json(), { send_read_receipts: false });
  t.same((await settings(a)).json(), { send_read_receipts: false });
  t.same((await settings(b)).json(), { send_read_receipts: true }, 'nobody else’s changes');
  for (const payload of [{}, { send_read_receipts: 'false' }, { send_read_receipts: 0 }, { send_read_receipts: true, extra: 1 }]) {
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/chat/settings/', headers: a.auth, payload });
    t.equal(response.statusCode, 400, JSON.stringify(payload));
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/chat/settings/' })).statusCode, 401);
});

t.test('the read position moves forward only, up to the newest message', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  const sent: number[] = [];
  for (const text of ['one', 'two', 'three']) sent.push((await sendMessage(app, a, matchId, { message: text })).json().message.id);
  const peerRead = async () => (await readChat(app, a, matchId)).json().peer_last_read_message_id;

  t.equal(await peerRead(), 0, 'nothing read yet');
  t.same((await markRead(app, b, matchId, sent[1])).json(), { last_read_message_id: sent[1] });
  t.equal(await peerRead(), sent[1], 'the sender sees how far the peer read');
  t.same((await markRead(app, b, matchId, sent[0])).json(), { last_read_message_id: sent[1] }, 'never back');
  t.same((await markRead(app, b, matchId, 0)).json(), { last_read_message_id: sent[1] });
  t.same((await markRead(app, b, matchId, 9_000_000)).json(), { last_read_message_id: sent[2] }, 'never past the newest message');
  t.equal(await peerRead(), sent[2]);
  t.equal((await readChat(app, b, matchId)).json().peer_last_read_message_id, 0, 'each member has their own position');
  for (const payload of [{}, { last_read_message_id: -1 }, { last_read_message_id: '3' }, { last_read_message_id: 1.5 }]) {
    const response = await app.inject({ method: 'POST', url: `/api/v1/match/chat/${matchId}/read/`, headers: b.auth, payload });
    t.equal(response.statusCode, 400, JSON.stringify(payload));
  }
});

t.test('turning receipts off hides them both ways, and turning them on shows them again', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  const id = (await sendMessage(app, a, matchId, { message: 'hello' })).json().message.id;
  await markRead(app, b, matchId, id);
  await markRead(app, a, matchId, id);
  const seenBy = async (member: typeof a) => (await readChat(app, member, matchId)).json().peer_last_read_message_id;
  t.equal(await seenBy(a), id);
  t.equal(await seenBy(b), id);

  await setReadReceipts(app, b, false);
  t.equal(await seenBy(a), null, 'the peer turned them off: hidden from me');
  t.equal(await seenBy(b), null, 'and whoever turns them off sees nobody’s');
  const later = (await sendMessage(app, a, matchId, { message: 'are you there?' })).json().message.id;
  t.same((await markRead(app, b, matchId, later)).json(), { last_read_message_id: later }, 'reading still moves the position');
  await setReadReceipts(app, b, true);
  t.equal(await seenBy(a), later, 'on again: the position shows');

  await setReadReceipts(app, a, false);
  t.equal(await seenBy(a), null, 'reciprocal: off for me, I see nothing');
  t.equal(await seenBy(b), null, 'and nobody sees mine');
});
