/**
 * Chat over the socket, with real sockets on a listening app: a new message reaches the
 * recipient (and the sender's other sockets); a read receipt reaches the peer while both send
 * receipts; typing reaches the peer, throttled, and only from a member of an unlocked chat.
 */
import t, { type Test } from 'tap';
import { type ServerMessage, TYPING_INTERVAL_MS } from '../../contract/realtime.ts';
import { listenTestApp } from '../../test/app.ts';
import { CHAT_WORKERS, chattingPair, markRead, matchedPair, sendMessage, setReadReceipts } from '../../test/chat.ts';
import type { TestMember } from '../../test/factories.ts';
import { post, woman } from '../../test/members.ts';
import { waitFor } from '../../test/nats.ts';
import { openSocket, type TestSocket, wsUrl } from '../../test/ws.ts';

const ofType = (socket: TestSocket, type: string) =>
  socket.messages.filter((m) => m.type === type) as Array<Extract<ServerMessage, { data: unknown }>>;

/** Everything the server had sent on the socket before its answer to this ping is in `messages`. */
async function roundTrip(socket: TestSocket): Promise<void> {
  const pongs = () => socket.messages.filter((m) => m.type === 'pong').length;
  const before = pongs();
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await waitFor(() => pongs() > before, 5_000, 'the pong');
}

async function connect(baseUrl: string, member: TestMember, t: Test): Promise<TestSocket> {
  const socket = await openSocket(wsUrl(baseUrl), { headers: member.auth });
  t.teardown(() => socket.ws.terminate());
  await socket.next((m) => m.type === 'hello');
  return socket;
}

const typing = (socket: TestSocket, matchId: unknown) => socket.ws.send(JSON.stringify({ type: 'typing', matchId }));

t.test('a new message and a read receipt reach the peer’s socket', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t, CHAT_WORKERS);
  const { a, b, matchId } = await chattingPair(app, db);
  const [aliceTab, bob, aliceOtherTab] = [await connect(baseUrl, a, t), await connect(baseUrl, b, t), await connect(baseUrl, a, t)];

  const sent = (await sendMessage(app, a, matchId, { message: 'hi' })).json().message;
  t.match(await bob.next((m) => m.type === 'chat.message'), {
    type: 'chat.message',
    data: { messageId: sent.id, matchId, fromUserId: a.userId, hasPhoto: false },
  });
  t.match(
    await aliceOtherTab.next((m) => m.type === 'chat.message'),
    { data: { messageId: sent.id } },
    'the sender’s other tabs hear of it too',
  );
  t.notMatch(JSON.stringify(bob.messages), /"hi"/, 'the push carries no text');

  t.equal((await markRead(app, b, matchId, sent.id)).statusCode, 200);
  t.match(await aliceTab.next((m) => m.type === 'chat.read'), {
    type: 'chat.read',
    data: { matchId, readerUserId: b.userId, lastReadMessageId: sent.id },
  });
  await markRead(app, b, matchId, sent.id);
  await roundTrip(aliceTab);

  await setReadReceipts(app, a, false);
  const second = (await sendMessage(app, a, matchId, { message: 'still there?' })).json().message;
  await bob.next((m) => m.type === 'chat.message' && m.data.messageId === second.id);
  // A receipt is pushed before markRead answers, so the pong that follows comes after any receipt.
  await markRead(app, b, matchId, second.id);
  await roundTrip(aliceTab);
  t.equal(ofType(aliceTab, 'chat.read').length, 1, 'one receipt: not repeated for the same position, none once receipts are off');
  t.same(ofType(bob, 'chat.read'), [], 'nobody is told of their own reading');
});

t.test('typing reaches the peer, at most once per interval, and only from a member of an unlocked chat', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t, CHAT_WORKERS);
  const open = await chattingPair(app, db);
  const locked = await matchedPair(app, db);
  const lilith = await woman(app, db, {}, 'lilith');
  const adam = await connect(baseUrl, open.a, t);
  const eve = await connect(baseUrl, open.b, t);
  const lockedPeer = await connect(baseUrl, locked.b, t);
  const lockedSender = await connect(baseUrl, locked.a, t);
  const intruder = await connect(baseUrl, lilith, t);
  // The sentinel for "nothing more arrives": a typing forward between two bystanders, started
  // after the ones under test and going the same way (the chat check, then the push bus).
  const bystanders = await chattingPair(app, db);
  const [left, right] = [await connect(baseUrl, bystanders.a, t), await connect(baseUrl, bystanders.b, t)];
  const sentinel = async (from: TestSocket, to: TestSocket) => {
    const before = ofType(to, 'chat.typing').length;
    typing(from, bystanders.matchId);
    await waitFor(() => ofType(to, 'chat.typing').length > before, 5_000, 'the sentinel typing indicator');
  };
  /** The sockets' own typing was read by the server (it answers pings in order), and the sentinel went the same way after it. */
  const forwardsDone = async (senders: TestSocket[], from: TestSocket, to: TestSocket) => {
    for (const socket of senders) await roundTrip(socket);
    await sentinel(from, to);
  };
  /** The throttle's interval, counted from a forward the test saw. */
  const intervalAfter = (since: number) =>
    waitFor(() => Date.now() - since > TYPING_INTERVAL_MS, TYPING_INTERVAL_MS + 5_000, 'the typing interval');

  for (let i = 0; i < 5; i++) typing(adam, open.matchId);
  t.match(await eve.next((m) => m.type === 'chat.typing'), {
    type: 'chat.typing',
    data: { matchId: open.matchId, fromUserId: open.a.userId },
  });
  const forwarded = Date.now();
  await forwardsDone([adam], left, right);
  await roundTrip(eve);
  t.equal(ofType(eve, 'chat.typing').length, 1, 'five in a row: one forwarded, the rest dropped');
  t.same(ofType(adam, 'chat.typing'), [], 'the typist hears nothing back');

  await intervalAfter(forwarded);
  typing(adam, open.matchId);
  await waitFor(() => ofType(eve, 'chat.typing').length === 2, 5_000, 'the next interval’s indicator');
  t.pass('after the interval, the next one goes through');

  typing(lockedSender, locked.matchId);
  typing(intruder, open.matchId);
  typing(intruder, locked.matchId);
  typing(eve, 9_000_000);
  await forwardsDone([lockedSender, intruder, eve], right, left);
  for (const socket of [adam, eve, lockedPeer, lockedSender, intruder]) await roundTrip(socket);
  t.same(ofType(lockedPeer, 'chat.typing'), [], 'a locked chat has no typing indicator');
  t.equal(ofType(eve, 'chat.typing').length, 2, 'a non-member cannot make anyone see typing');
  t.same(ofType(adam, 'chat.typing'), [], 'nor through an unknown match');

  t.test('a block stops it at once', async (t) => {
    const lastForward = Date.now();
    t.equal((await post(app, open.b, `/api/v1/block/${open.a.userId}/`)).statusCode, 200);
    await intervalAfter(lastForward);
    typing(adam, open.matchId);
    await forwardsDone([adam], left, right);
    await roundTrip(eve);
    t.equal(ofType(eve, 'chat.typing').length, 2, 'nothing new after the block');
  });

  t.test('unknown or malformed client messages are ignored, and the socket stays', async (t) => {
    for (const text of [
      'not json',
      '[]',
      'null',
      '42',
      '{"type":"typing"}',
      '{"type":"typing","matchId":"1"}',
      '{"type":"typing","matchId":-1}',
      '{"type":"typing","matchId":1.5}',
      '{"type":"typing","matchId":1e400}',
      '{"type":"typing","matchId":{"__proto__":1}}',
      '{"type":"shout"}',
    ]) {
      adam.ws.send(text);
    }
    adam.ws.send(Buffer.from([0, 1, 2]), { binary: true });
    await roundTrip(adam);
    t.equal(adam.ws.readyState, adam.ws.OPEN, 'still open and answering');
  });
});
