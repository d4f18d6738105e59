import t from 'tap';
import type { PushMessage } from '@contract/realtime.ts';
import { parseFrame, realtimeUrl } from './ws-socket.ts';

/** A push as the gateway sends it. */
const likePush = {
  type: 'like.received',
  id: 'a',
  at: '2030-01-01T00:00:01.000Z',
  data: { likeId: 1, fromUserId: 2, fromProfileId: 3, createdAt: '2030-01-01T00:00:01.000Z' },
} satisfies PushMessage;

t.test('the address is on the page origin, wss under https', async (t) => {
  t.equal(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' }), 'ws://127.0.0.1:3000/api/v1/ws');
  t.equal(realtimeUrl({ protocol: 'https:', host: 'betroth.example' }), 'wss://betroth.example/api/v1/ws');
});

t.test('frames: pushes of known types, hello and pong; the rest is ignored', async (t) => {
  t.same(parseFrame(JSON.stringify(likePush)), likePush);
  t.match(parseFrame('{"type":"hello","data":{"userId":1,"serverTime":"x"}}'), { type: 'hello' });
  t.match(parseFrame('{"type":"pong","data":{"serverTime":"x"}}'), { type: 'pong' });
  for (const raw of [
    'nope',
    '42',
    'null',
    '{"type":"like.received","data":{}}',
    '{"type":"admin.granted","id":"1","data":{}}',
    '{"type":"like.received","id":"1"}',
  ]) {
    t.equal(parseFrame(raw), null, raw);
  }
  t.equal(parseFrame(new ArrayBuffer(4)), null, 'binary');
});
