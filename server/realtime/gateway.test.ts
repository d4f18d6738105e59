import { sql } from 'drizzle-orm';
import t from 'tap';
import { createHandlers } from '../../workers/registry.ts';
import { startNatsWorkers } from '../../workers/runtime/start.ts';
import { WS_CLOSE, WS_PATH, WS_PROTOCOL } from '../contract/realtime.ts';
import { sleep } from '../kernel/events/backoff.ts';
import { NatsLink } from '../kernel/events/nats-link.ts';
import { NatsPushBus } from '../kernel/events/push-nats.ts';
import { loadConfig } from '../kernel/config.ts';
import { listenTestApp } from '../test/app.ts';
import { signUp, type TestMember } from '../test/factories.ts';
import { likeProfile, man, post, woman } from '../modules/discovery/fixtures.ts';
import { memoryLog, natsTestEnv, waitFor } from '../test/nats.ts';
import { openSocket, recordSocket, wsUrl } from '../test/ws.ts';
import { MAX_SOCKETS_PER_MEMBER } from './registry.ts';

/** The HTTP status that refused the upgrade, or 'opened'. */
const refusal = (opening: Promise<{ ws: { terminate(): void } }>) =>
  opening.then(
    (socket) => {
      socket.ws.terminate();
      return 'opened';
    },
    (error: { statusCode?: number }) => error.statusCode,
  );
const pushes = (messages: Array<{ type: string }>) => messages.filter((m) => m.type !== 'hello' && m.type !== 'pong');

t.test('upgrade authentication', async (t) => {
  const { app, baseUrl } = await listenTestApp(t);
  const alice = await signUp(app);
  const url = wsUrl(baseUrl);

  t.equal(await refusal(openSocket(url)), 401, 'no token: 401');
  t.equal(await refusal(openSocket(url, { headers: { authorization: 'Token forged.jwt.value' } })), 401, 'bad token: 401');
  t.equal(await refusal(openSocket(`${url}?token=${alice.token}`)), 400, 'a token in the URL is refused, even a valid one');
  t.equal(await refusal(openSocket(url, { protocols: [alice.token] })), 401, 'a protocol token without the betroth protocol is ignored');

  const byHeader = await openSocket(url, { headers: alice.auth });
  t.match(await byHeader.next((m) => m.type === 'hello'), { type: 'hello', data: { userId: alice.userId } });
  byHeader.ws.close();

  const byProtocol = await openSocket(url, { protocols: [WS_PROTOCOL, alice.token] });
  t.equal(byProtocol.ws.protocol, WS_PROTOCOL, 'the server selects the protocol name, never echoes the token');
  byProtocol.ws.send(JSON.stringify({ type: 'ping' }));
  t.match(await byProtocol.next((m) => m.type === 'pong'), { type: 'pong' });
  byProtocol.ws.close();
  await byProtocol.closed;
});

t.test('in-process, end to end: likes over HTTP reach the right sockets and nobody else (injectWS)', async (t) => {
  const { app, db } = await listenTestApp(t);
  const [alice, bob, carol] = [await woman(app, db), await man(app, db), await woman(app, db)];
  // Listen from onInit: the server says hello as soon as the socket opens.
  const inject = async (member: TestMember) => {
    let recorded: ReturnType<typeof recordSocket> | undefined;
    await app.injectWS(WS_PATH, { headers: member.auth }, { onInit: (ws) => void (recorded = recordSocket(ws)) });
    return [member.userId, recorded as ReturnType<typeof recordSocket>] as const;
  };
  const sockets = Object.fromEntries(await Promise.all([alice, bob, carol].map(inject)));
  const [a, b, c] = [sockets[alice.userId], sockets[bob.userId], sockets[carol.userId]];
  await Promise.all([a, b, c].map((s) => s.next((m) => m.type === 'hello')));

  t.equal((await likeProfile(app, alice, bob.profileId)).statusCode, 200);
  t.match(await b.next((m) => m.type === 'like.received'), {
    type: 'like.received',
    data: { fromUserId: alice.userId, fromProfileId: alice.profileId },
  });

  const matched = (await likeProfile(app, bob, alice.profileId)).json();
  t.equal(matched.match_created, true);
  t.match(await a.next((m) => m.type === 'match.created'), { data: { matchId: matched.match_id, peerUserId: bob.userId } });
  t.match(await b.next((m) => m.type === 'match.created'), { data: { matchId: matched.match_id, peerUserId: alice.userId } });

  await sleep(300);
  // One transaction's events may be pushed in either order (the handler runs them concurrently).
  t.same(pushes(a.messages).map((m) => m.type).sort(), ['like.received', 'match.created'], "alice got bob's like back and the match, not her own like");
  t.same(pushes(b.messages).map((m) => m.type).sort(), ['like.received', 'match.created']);
  t.same(pushes(c.messages), [], 'carol got nothing');
  for (const s of [a, b, c]) s.ws.terminate();
});

t.test('a like undone by a block before its push goes out is never announced', async (t) => {
  const { app, db } = await listenTestApp(t);
  const [alice, bob] = [await woman(app, db), await man(app, db)];
  let recorded: ReturnType<typeof recordSocket> | undefined;
  await app.injectWS(WS_PATH, { headers: bob.auth }, { onInit: (ws) => void (recorded = recordSocket(ws)) });
  const b = recorded as ReturnType<typeof recordSocket>;
  await b.next((m) => m.type === 'hello');
  // The relay is held while the like and then the block commit, so the like's event is
  // delivered only once it is undone (in production: a busy relay or a slow worker).
  await app.events.relay.stop();
  t.equal((await likeProfile(app, alice, bob.profileId)).statusCode, 200);
  t.equal((await post(app, bob, `/api/v1/block/${alice.userId}/`)).statusCode, 200);
  app.events.relay.start();
  await waitFor(async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where published_at is null`))[0].n === 0, 10_000, 'the outbox drained');
  await sleep(300);
  t.same(pushes(b.messages).filter((m) => m.type === 'like.received' || m.type === 'match.created'), [], 'bob, who blocked alice, hears nothing of her like');
  b.ws.terminate();
});

t.test('signing out ends the open socket; closing the app closes sockets with 1001', async (t) => {
  const { app, baseUrl } = await listenTestApp(t, { WS_HEARTBEAT_SECONDS: '1' });
  const alice = await signUp(app);
  const bob = await signUp(app);
  const aliceSocket = await openSocket(wsUrl(baseUrl), { headers: alice.auth });
  const bobSocket = await openSocket(wsUrl(baseUrl), { headers: bob.auth });
  await waitFor(() => app.realtime.openSockets === 2, 5_000, 'two sockets');

  await app.inject({ method: 'POST', url: '/api/v1/signout/', headers: alice.auth });
  t.match(await aliceSocket.closed, { code: WS_CLOSE.sessionEnded }, 'signed-out session: 4001');

  await app.close();
  t.match(await bobSocket.closed, { code: WS_CLOSE.serverShutdown }, 'shutdown: 1001');
  t.equal(app.realtime.openSockets, 0);
});

t.test('two instances on one NATS: a match made on A reaches a member connected to B', async (t) => {
  const env = natsTestEnv(t);
  const a = await listenTestApp(t, env);
  const b = await listenTestApp(t, env, { databaseUrl: a.databaseUrl, jwtSecret: a.jwtSecret });

  // The workers process, in this test process: the notifications handler on its durable consumer.
  const log = memoryLog();
  const link = new NatsLink({ url: env.NATS_URL, name: 'test-workers', log });
  link.start();
  const push = new NatsPushBus(link, env.NATS_PUSH_PREFIX, log);
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const workers = startNatsWorkers(createHandlers(['notifications'], { config, db: a.db, push, log }), link, { stream: env.NATS_STREAM, subjectPrefix: env.NATS_SUBJECT_PREFIX }, { log });
  t.teardown(async () => {
    await workers.stop();
    await push.close();
    await link.close();
  });

  const [alice, bob, carol] = [await woman(a.app, a.db), await man(a.app, a.db), await woman(a.app, a.db)];
  const bobOnB = await openSocket(wsUrl(b.baseUrl), { protocols: [WS_PROTOCOL, bob.token] });
  const carolOnB = await openSocket(wsUrl(b.baseUrl), { headers: carol.auth });
  const aliceOnA = await openSocket(wsUrl(a.baseUrl), { headers: alice.auth });
  await Promise.all([bobOnB, carolOnB, aliceOnA].map((s) => s.next((m) => m.type === 'hello')));
  // B subscribes to bob's subject once its NATS connection is up.
  await waitFor(() => b.app.events.nats?.current() !== null, 10_000, 'instance B on NATS');
  await sleep(100);

  // A mutual like over HTTP on instance A: outbox, JetStream, the workers, core NATS, instance B.
  await likeProfile(a.app, bob, alice.profileId);
  const matchId = (await likeProfile(a.app, alice, bob.profileId)).json().match_id;

  t.match(await bobOnB.next((m) => m.type === 'match.created', 20_000), {
    type: 'match.created',
    data: { matchId, peerUserId: alice.userId, peerProfileId: alice.profileId },
  });
  t.match(await aliceOnA.next((m) => m.type === 'match.created'), { data: { matchId, peerUserId: bob.userId } });
  await sleep(300);
  t.same(pushes(carolOnB.messages), [], 'carol, on the same instance as bob, got nothing');
  t.equal(pushes(bobOnB.messages).filter((m) => m.type === 'match.created').length, 1, 'bob got the match once');
  for (const s of [bobOnB, carolOnB, aliceOnA]) s.ws.terminate();
});

t.test('a member holds at most MAX_SOCKETS_PER_MEMBER sockets: the oldest gives way', async (t) => {
  const { app } = await listenTestApp(t);
  const alice = await signUp(app);
  const sockets = [];
  for (let i = 0; i <= MAX_SOCKETS_PER_MEMBER; i += 1) {
    sockets.push(recordSocket(await app.injectWS(WS_PATH, { headers: alice.auth })));
  }
  t.match(await sockets[0].closed, { code: WS_CLOSE.tooManySockets }, 'the first socket was closed');
  t.equal(app.realtime.openSockets, MAX_SOCKETS_PER_MEMBER);
  for (const s of sockets) s.ws.terminate();
});
