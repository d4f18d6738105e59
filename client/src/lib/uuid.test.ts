import t from 'tap';
import { newUuid, uuidFromBytes } from './uuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

t.test('UUIDs: version 4 from any 16 bytes, and the fallback in a browser without randomUUID', async (t) => {
  t.equal(uuidFromBytes(new Uint8Array(16)), '00000000-0000-4000-8000-000000000000');
  t.match(uuidFromBytes(new Uint8Array(16).fill(255)), V4, 'a version 4 UUID from any bytes');
  t.match(newUuid(), V4);
  const original = crypto.randomUUID;
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  t.teardown(() => Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true }));
  t.match(newUuid(), V4, 'getRandomValues when randomUUID is missing');
});
