import t from 'tap';
import { type PushMessage, WS_CLOSE, WS_PROTOCOL } from '@contract/realtime.ts';
import { CLIENT_DEAD_CLOSE, RealtimeClient, type RealtimeClientOptions, type RealtimeStatus } from './ws-client.ts';
import type { NetworkWatch, Timers } from './ws-environment.ts';
import type { SocketLike } from './ws-socket.ts';

/** A WebSocket the test plays the server of. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: unknown[] = [];
  closedWith: number | null = null;
  readonly url: string;
  readonly protocols: string[];
  constructor(url: string, protocols: string[]) {
    this.url = url;
    this.protocols = protocols;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side:
  accept(userId = 7) {
    this.readyState = 1;
    this.onopen?.({});
    this.push({ type: 'hello', data: { userId, serverTime: '2030-01-01T00:00:00.000Z' } });
  }
  push(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

/** Timers on a clock the test moves. */
class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();
  set(callback: () => void, ms: number) {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }
  clear(handle: unknown) {
    this.pending.delete(handle as number);
  }
  get count() {
    return this.pending.size;
  }
  /** The delays of the pending timers, from now. */
  get delays() {
    return [...this.pending.values()].map((timer) => timer.at - this.now).sort((a, b) => a - b);
  }
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = until;
  }
}

class FakeNetwork implements NetworkWatch {
  isOnline = true;
  private handlers: { onOnline: () => void; onOffline: () => void } | null = null;
  online() {
    return this.isOnline;
  }
  subscribe(onOnline: () => void, onOffline: () => void) {
    this.handlers = { onOnline, onOffline };
    return () => {
      this.handlers = null;
    };
  }
  get watched() {
    return this.handlers !== null;
  }
  goOffline() {
    this.isOnline = false;
    this.handlers?.onOffline();
  }
  goOnline() {
    this.isOnline = true;
    this.handlers?.onOnline();
  }
}

const push = (id: string, type: PushMessage['type'] = 'like.received'): PushMessage =>
  ({
    type,
    id,
    at: '2030-01-01T00:00:01.000Z',
    data: { likeId: 1, fromUserId: 2, fromProfileId: 3, createdAt: '2030-01-01T00:00:01.000Z' },
  }) as PushMessage;

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const network = new FakeNetwork();
  const pushes: PushMessage[] = [];
  const statuses: RealtimeStatus[] = [];
  const opens: boolean[] = [];
  let sessionEnded = 0;
  let token: string | null = 'jwt-token';
  const client = new RealtimeClient({
    url: 'ws://app.test/api/v1/ws',
    getToken: () => token,
    onPush: (message) => pushes.push(message),
    onStatus: (status) => statuses.push(status),
    onOpen: ({ reconnected }) => opens.push(reconnected),
    onSessionEnded: () => {
      sessionEnded += 1;
    },
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    timers,
    network,
    random: () => 0,
    heartbeatMs: 0,
    ...overrides,
  });
  return {
    client,
    sockets,
    timers,
    network,
    pushes,
    statuses,
    opens,
    get sessionEnded() {
      return sessionEnded;
    },
    setToken(value: string | null) {
      token = value;
    },
    get last() {
      return sockets[sockets.length - 1];
    },
  };
}

t.test('connects with the betroth protocol and the token; pushes once per id', async (t) => {
  const s = setup();
  s.client.start();
  s.client.start();
  t.equal(s.sockets.length, 1, 'one socket, however often start is called');
  t.equal(s.last.url, 'ws://app.test/api/v1/ws');
  t.same(s.last.protocols, [WS_PROTOCOL, 'jwt-token'], 'the token rides in the subprotocol list, never in the URL');
  t.equal(s.client.status, 'connecting');
  t.notOk(s.client.send({ type: 'typing', matchId: 4 }), 'nothing is sent before the socket opens');

  s.last.accept();
  t.equal(s.client.status, 'open');
  t.same(s.opens, [false], 'the first open is not a reconnect');
  t.equal(s.client.lastSeenAt, '2030-01-01T00:00:00.000Z', 'the greeting time until a push is seen');

  s.last.push(push('e1:7'));
  s.last.push(push('e1:7'));
  s.last.push('garbage');
  s.last.push({ type: 'ping' });
  s.last.push({ type: 'pong', data: { serverTime: 'x' } });
  s.last.push(push('e2:7', 'credits.updated'));
  t.same(
    s.pushes.map((m) => m.id),
    ['e1:7', 'e2:7'],
    'a repeated id is dropped, anything else ignored',
  );
  t.equal(s.client.lastSeenAt, '2030-01-01T00:00:01.000Z');

  t.ok(s.client.send({ type: 'typing', matchId: 4 }));
  t.same(s.last.sent, [{ type: 'typing', matchId: 4 }]);
  t.same(s.statuses, ['connecting', 'open']);
});

t.test('reconnects with backoff after 1001, 1006 and 4008; a greeting resets it', async (t) => {
  const s = setup();
  s.client.start();
  s.last.accept();
  s.last.push(push('before-drop'));

  s.last.drop(WS_CLOSE.serverShutdown);
  t.equal(s.client.status, 'connecting', 'trying again');
  t.same(s.timers.delays, [1000]);
  s.timers.advance(999);
  t.equal(s.sockets.length, 1, 'not before the delay');
  s.timers.advance(1);
  t.equal(s.sockets.length, 2, 'reconnected after 1 s');

  // Handshakes that fail (server still down): 2 s, 4 s, 8 s...
  s.last.drop(1006);
  t.same(s.timers.delays, [2000]);
  s.timers.advance(2000);
  s.last.drop(1006);
  t.same(s.timers.delays, [4000]);
  s.timers.advance(4000);
  t.equal(s.sockets.length, 4);

  s.last.accept();
  t.same(s.opens, [false, true], 'the open after a drop says so: lists are fetched again');
  s.last.push(push('before-drop'));
  t.equal(s.pushes.length, 1, 'ids are remembered across connections');

  s.last.drop(WS_CLOSE.tooSlow);
  t.same(s.timers.delays, [1000], 'the greeting reset the backoff');
  s.timers.advance(1000);
  t.equal(s.sockets.length, 5);
  t.notOk(s.sessionEnded);
});

t.test('4001: never reconnects, and the member is signed out', async (t) => {
  const s = setup();
  s.client.start();
  s.last.accept();
  s.last.drop(WS_CLOSE.sessionEnded);
  t.equal(s.client.status, 'closed');
  t.equal(s.sessionEnded, 1);
  t.equal(s.timers.count, 0, 'no retry scheduled');
  t.notOk(s.network.watched, 'no longer listening to the network');
  s.network.goOnline();
  s.timers.advance(120_000);
  t.equal(s.sockets.length, 1, 'no second socket');
});

t.test('4029 (too many sockets): this tab stays closed, the session is fine', async (t) => {
  const s = setup();
  s.client.start();
  s.last.accept();
  s.last.drop(WS_CLOSE.tooManySockets);
  t.equal(s.client.status, 'closed');
  t.equal(s.sessionEnded, 0);
  s.timers.advance(120_000);
  t.equal(s.sockets.length, 1);
});

t.test('stop closes the socket and nothing reconnects', async (t) => {
  const s = setup();
  s.client.start();
  s.last.accept();
  const first = s.last;
  s.client.stop();
  t.equal(first.closedWith, 1000);
  t.equal(s.client.status, 'closed');
  first.drop(1006);
  s.timers.advance(120_000);
  t.equal(s.sockets.length, 1);
  t.notOk(s.client.send({ type: 'ping' }));

  s.client.start();
  t.equal(s.sockets.length, 2, 'it may be started again (signed in again)');
});

t.test('stop during a scheduled retry cancels it', async (t) => {
  const s = setup();
  s.client.start();
  s.last.drop(1006);
  t.equal(s.timers.count, 1);
  s.client.stop();
  t.equal(s.timers.count, 0);
  s.timers.advance(60_000);
  t.equal(s.sockets.length, 1);
});

t.test('without a token it does not connect', async (t) => {
  const s = setup();
  s.setToken(null);
  s.client.start();
  t.equal(s.sockets.length, 0);
  t.equal(s.client.status, 'closed');
});

t.test('the token is read again at each reconnect; gone means stop', async (t) => {
  const s = setup();
  s.client.start();
  s.last.accept();
  s.last.drop(1006);
  s.setToken(null);
  s.timers.advance(1000);
  t.equal(s.sockets.length, 1);
  t.equal(s.client.status, 'closed');
});

t.test('network loss: closes at once, reconnects as soon as the network is back', async (t) => {
  const s = setup();
  s.client.start();
  s.last.accept();
  const first = s.last;
  s.network.goOffline();
  t.equal(first.closedWith, CLIENT_DEAD_CLOSE, 'the old socket is let go');
  t.equal(s.client.status, 'connecting');
  s.timers.advance(120_000);
  t.equal(s.sockets.length, 1, 'no attempts while offline');
  first.drop(1006);
  t.equal(s.sockets.length, 1, 'the old socket closing late changes nothing');

  s.network.goOnline();
  t.equal(s.sockets.length, 2, 'reconnects at once');
  s.last.accept();
  t.same(s.opens, [false, true]);
});

t.test('a browser that calls itself offline from the start still connects (loopback is reachable)', async (t) => {
  const s = setup();
  s.network.isOnline = false;
  s.client.start();
  t.equal(s.sockets.length, 1, 'navigator.onLine alone does not hold the socket back');
  s.last.accept();
  t.equal(s.client.status, 'open');
  // A real transition still counts: after an 'offline' event it waits for 'online'.
  s.network.goOffline();
  s.timers.advance(120_000);
  t.equal(s.sockets.length, 1, 'no attempts after the network went away');
  s.network.goOnline();
  t.equal(s.sockets.length, 2);
});

t.test('online while waiting for a retry reconnects at once', async (t) => {
  const s = setup();
  s.client.start();
  s.last.drop(1006);
  s.timers.advance(1000);
  s.last.drop(1006);
  t.same(s.timers.delays, [2000]);
  s.network.goOnline();
  t.equal(s.sockets.length, 3);
  t.equal(s.timers.count, 0, 'the pending retry was cancelled');
});

t.test('heartbeat: a quiet line is pinged; no answer means a new connection', async (t) => {
  const s = setup({ heartbeatMs: 30_000, pongTimeoutMs: 10_000 });
  s.client.start();
  s.last.accept();
  s.timers.advance(30_000);
  t.same(s.last.sent, [{ type: 'ping' }], 'pinged after 30 s of silence');
  s.last.push({ type: 'pong', data: { serverTime: 'x' } });
  s.timers.advance(15_000);
  t.equal(s.sockets.length, 1, 'answered: kept');

  s.timers.advance(15_000);
  t.same(s.last.sent, [{ type: 'ping' }, { type: 'ping' }]);
  const dead = s.last;
  s.timers.advance(10_000);
  t.equal(dead.closedWith, CLIENT_DEAD_CLOSE, 'no answer in 10 s: let go');
  t.equal(s.client.status, 'connecting');
  s.timers.advance(1000);
  t.equal(s.sockets.length, 2, 'and replaced');
});
