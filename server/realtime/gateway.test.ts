import { jetstreamManager } from '@nats-io/jetstream';
import { sql } from 'drizzle-orm';
import t from 'tap';
import { NOTIFICATION_SUBJECTS } from '../../workers/notifications/handler.ts';
import { createHandlers } from '../../workers/registry.ts';
import { startNatsWorkers } from '../../workers/runtime/start.ts';
import { type PushMessage, WS_CLOSE, WS_PATH, WS_PROTOCOL } from '../contract/realtime.ts';
import type { Db } from '../kernel/db/client.ts';
import { unsettledEvents } from '../kernel/events/delivery-records.ts';
import { NatsLink } from '../kernel/events/nats-link.ts';
import type { PushBus } from '../kernel/events/push.ts';
import { NatsPushBus } from '../kernel/events/push-nats.ts';
import { loadConfig } from '../kernel/config.ts';
import { listenTestApp } from '../test/app.ts';
import { signUp, type TestMember } from '../test/factories.ts';
import { likeProfile, man, post, woman } from '../test/members.ts';
import { memoryLog, natsSkip, natsTestEnv, waitFor } from '../test/nats.ts';
import { openSocket, recordSocket, type TestSocket, wsUrl } from '../test/ws.ts';
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
const PROBE = 'probe-';
/** What the product pushed: no hello, no pong, none of the test's own probes. */
const pushes = (messages: Array<{ type: string; id?: string }>) =>
  messages.filter((m) => m.type !== 'hello' && m.type !== 'pong' && !m.id?.startsWith(PROBE));

const unpublished = async (db: Db) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where published_at is null`))[0].n;

/**
 * In-process: every event is published and the notifications handler has settled each one it
 * accepts. It records the settlement only after its pushes were handed to the sockets, so from
 * here on no push of these events is still on its way out of the server.
 */
async function notificationsSettled(db: Db): Promise<void> {
  await waitFor(
    async () =>
      (await unpublished(db)) === 0 &&
      (await unsettledEvents(db, { handler: 'notifications', subjects: NOTIFICATION_SUBJECTS })).length === 0,
    10_000,
    'the notifications handler to settle every event',
  );
}

/**
 * The sentinel for "nothing more arrives": a pong is sent on the socket after every push the
 * server had already sent there, so once it is back, those pushes are in `messages`.
 */
async function roundTrip(socket: TestSocket): Promise<void> {
  const pongs = () => socket.messages.filter((m) => m.type === 'pong').length;
  const before = pongs();
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await waitFor(() => pongs() > before, 5_000, 'the pong sentinel');
}

/** Publishes a probe push to the member (again, until it arrives): proves their subscription is live. */
async function probe(push: PushBus, userId: number, socket: TestSocket): Promise<void> {
  const id = `${PROBE}${userId}-${socket.messages.length}-${Date.now()}`;
  const message: PushMessage = {
    type: 'credits.updated',
    data: { balance: 0, delta: 0, reason: 'probe', changedAt: new Date().toISOString() },
    id,
    at: new Date().toISOString(),
  };
  await waitFor(
    async () => {
      await push.publish(userId, message);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return socket.messages.some((m) => 'id' in m && m.id === id);
    },
    10_000,
    'a probe push to reach the socket',
  );
}

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

  await notificationsSettled(db);
  await Promise.all([a, b, c].map(roundTrip));
  // One transaction's events may be pushed in either order (the handler runs them concurrently).
  t.same(
    pushes(a.messages)
      .map((m) => m.type)
      .sort(),
    ['like.received', 'match.created'],
    "alice got bob's like back and the match, not her own like",
  );
  t.same(
    pushes(b.messages)
      .map((m) => m.type)
      .sort(),
    ['like.received', 'match.created'],
  );
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
  await notificationsSettled(db);
  await roundTrip(b);
  t.same(
    pushes(b.messages).filter((m) => m.type === 'like.received' || m.type === 'match.created'),
    [],
    'bob, who blocked alice, hears nothing of her like',
  );
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

t.test('two instances on one NATS: a match made on A reaches a member connected to B', { skip: natsSkip }, async (t) => {
  const env = natsTestEnv(t);
  const a = await listenTestApp(t, env);
  const b = await listenTestApp(t, env, { databaseUrl: a.databaseUrl, jwtSecret: a.jwtSecret });

  // The workers process, in this test process: the notifications handler on its durable consumer.
  const log = memoryLog();
  const link = new NatsLink({ url: env.NATS_URL, name: 'test-workers', log });
  link.start();
  const push = new NatsPushBus(link, env.NATS_PUSH_PREFIX, log);
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const workers = startNatsWorkers(
    createHandlers(['notifications'], { config, db: a.db, push, log, media: a.media, mailer: a.app.mailer }),
    link,
    { stream: env.NATS_STREAM, subjectPrefix: env.NATS_SUBJECT_PREFIX },
    { log },
  );
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
  // B subscribes to bob's and carol's subjects once its NATS connection is up: wait until a
  // probe on each subject comes through, so neither a push nor its absence is down to timing.
  await waitFor(() => b.app.events.nats?.current() !== null, 10_000, 'instance B on NATS');
  await probe(push, bob.userId, bobOnB);
  await probe(push, carol.userId, carolOnB);

  // A mutual like over HTTP on instance A: outbox, JetStream, the workers, core NATS, instance B.
  await likeProfile(a.app, bob, alice.profileId);
  const matchId = (await likeProfile(a.app, alice, bob.profileId)).json().match_id;

  t.match(await bobOnB.next((m) => m.type === 'match.created', 20_000), {
    type: 'match.created',
    data: { matchId, peerUserId: alice.userId, peerProfileId: alice.profileId },
  });
  t.match(await aliceOnA.next((m) => m.type === 'match.created'), { data: { matchId, peerUserId: bob.userId } });
  // Every event acked by the handler, so all its pushes were published; a probe published after
  // them on the same connection and subject reaches each socket after anything they pushed there.
  await waitFor(
    async () => {
      const nc = link.current();
      if (!nc || (await unpublished(a.db)) > 0) return false;
      const info = await (await jetstreamManager(nc)).consumers.info(env.NATS_STREAM, 'notifications');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    20_000,
    'the notifications consumer to ack every event',
  );
  await probe(push, carol.userId, carolOnB);
  await probe(push, bob.userId, bobOnB);
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
