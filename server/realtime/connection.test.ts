import { EventEmitter } from 'node:events';
import t from 'tap';
import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../contract/realtime.ts';
import { MemberSocket } from './connection.ts';

/** Just enough of a ws socket: a buffer that only grows (a client that never reads). */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  closedWith: number | null = null;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
    this.bufferedAmount += Buffer.byteLength(data);
  }
  ping() {
    this.pings += 1;
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

const push = (n: number) => ({
  type: 'like.received' as const,
  id: `${n}:2`,
  at: new Date().toISOString(),
  data: { likeId: n, fromUserId: 1, fromProfileId: 1, createdAt: new Date().toISOString() },
});

t.test('a client that does not read is dropped at the bound, not buffered forever', async (t) => {
  const fake = new FakeSocket();
  const drops: string[] = [];
  const socket = new MemberSocket(2, 'session', fake as unknown as WebSocket, 2_000, (reason) => drops.push(reason));
  let sent = 0;
  for (let n = 1; n <= 100 && socket.send(push(n)); n += 1) sent += 1;
  t.ok(sent > 0 && sent < 100, `queued ${sent} messages, then stopped`);
  t.ok(fake.bufferedAmount <= 2_000, 'never past the bound');
  t.equal(fake.closedWith, WS_CLOSE.tooSlow);
  t.same(drops, ['too-slow']);
  t.notOk(socket.send(push(101)), 'nothing more is queued');
});

t.test('a socket that stops answering pings is terminated on the next beat', async (t) => {
  const fake = new FakeSocket();
  const drops: string[] = [];
  const socket = new MemberSocket(2, 'session', fake as unknown as WebSocket, 2_000, (reason) => drops.push(reason));
  socket.heartbeat();
  t.equal(fake.pings, 1);
  fake.emit('pong');
  socket.heartbeat();
  t.equal(fake.pings, 2, 'answered: pinged again');
  socket.heartbeat();
  t.ok(fake.terminated, 'no pong since the last ping: terminated');
  t.same(drops, ['dead']);
});
