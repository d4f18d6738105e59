// One behaviour suite, run against both stores: code written against the disk store in
// development must behave the same on the object store in production.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import t from 'tap';
import { LocalMediaStore } from './local-store.ts';
import { createMediaStore, MediaKeyError, memberMediaPrefix, type MediaStore } from './index.ts';
import { S3MediaStore, createS3Client } from './s3-store.ts';
import { startSigV4Gate } from '../../test/s3-sigv4-gate.ts';

const tempDir = (name: string): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `betroth-media-${name}-`));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x0a, 0x00, 0xff, 0xd9]);
const original = (userId: number, upload = 'u1') => `${memberMediaPrefix(userId)}uploads/${upload}/original`;

const UNSAFE_KEYS = [
  '',
  '/etc/passwd',
  '../escape',
  'users/1/../../escape',
  'users/1/..',
  'a\0b',
  'users\\1\\x',
  'users//1',
  './users/1',
  'users/1/',
];

function behaviour(name: string, makeStore: () => MediaStore) {
  t.test(`${name}: put then get returns the bytes and the content type`, async (t) => {
    const store = makeStore();
    await store.put(original(1), JPEG, 'image/jpeg');
    const object = await store.get(original(1));
    t.same(object?.body, JPEG);
    t.equal(object?.contentType, 'image/jpeg');
    t.equal(await store.size(original(1)), JPEG.length);

    await store.put(original(1), Buffer.from('replaced'), 'image/webp');
    const replaced = await store.get(original(1));
    t.equal(replaced?.body.toString(), 'replaced', 'a put replaces the object');
    t.equal(replaced?.contentType, 'image/webp');
    t.equal(await store.size(original(1)), 8);

    await store.put('users/1/empty', Buffer.alloc(0), 'application/octet-stream');
    t.equal(await store.size('users/1/empty'), 0, 'an empty object has size 0, not null');
    t.same((await store.get('users/1/empty'))?.body, Buffer.alloc(0));
  });

  t.test(`${name}: a missing key is null, not an error`, async (t) => {
    const store = makeStore();
    t.equal(await store.get(original(2, 'nothing')), null);
    t.equal(await store.size(original(2, 'nothing')), null);
    await store.put(original(2), JPEG, 'image/jpeg');
    t.equal(await store.get('users/2/uploads'), null, 'a prefix of an object is not an object');
    t.equal(await store.size('users/2/uploads'), null);
  });

  t.test(`${name}: delete is idempotent`, async (t) => {
    const store = makeStore();
    await store.put(original(3, 'a'), JPEG, 'image/jpeg');
    await store.put(original(3, 'b'), JPEG, 'image/jpeg');
    await store.delete([original(3, 'a'), original(3, 'never-there')]);
    t.equal(await store.get(original(3, 'a')), null);
    t.equal(await store.size(original(3, 'b')), JPEG.length, 'other keys stay');
    await store.delete([original(3, 'a')]);
    await store.delete([]);
    t.pass('deleting again, or nothing, is fine');
  });

  t.test(`${name}: deletePrefix removes one member's media and nobody else's`, async (t) => {
    const store = makeStore();
    const keys = [original(4, 'a'), original(4, 'b'), 'users/4/photos/p1/large', original(40), original(5)];
    for (const key of keys) await store.put(key, JPEG, 'image/jpeg');
    await store.deletePrefix(memberMediaPrefix(4));
    for (const key of keys.slice(0, 3)) t.equal(await store.get(key), null, `${key} is gone`);
    t.equal(await store.size(original(40)), JPEG.length, 'users/40 is not under users/4/');
    t.equal(await store.size(original(5)), JPEG.length);
    await store.deletePrefix(memberMediaPrefix(4));
    await store.deletePrefix(memberMediaPrefix(999));
    t.pass('a prefix with nothing under it is fine');
    await t.rejects(store.deletePrefix('users/5'), MediaKeyError, 'a prefix without its slash would also match users/50');
  });

  t.test(`${name}: unsafe keys are refused before anything is touched`, async (t) => {
    const store = makeStore();
    for (const key of UNSAFE_KEYS) {
      await t.rejects(store.put(key, JPEG, 'image/jpeg'), MediaKeyError, `put ${JSON.stringify(key)}`);
      await t.rejects(store.get(key), MediaKeyError, `get ${JSON.stringify(key)}`);
      await t.rejects(store.size(key), MediaKeyError, `size ${JSON.stringify(key)}`);
      await t.rejects(store.delete([original(6), key]), MediaKeyError, `delete ${JSON.stringify(key)}`);
    }
    for (const prefix of ['/', '../', 'users/../', '/users/1/', 'users\\1/', 'users/1\0/']) {
      await t.rejects(store.deletePrefix(prefix), MediaKeyError, `deletePrefix ${JSON.stringify(prefix)}`);
    }
  });
}

// Local disk.
const localRoot = (): string => path.join(tempDir('local'), 'media');
behaviour('local', () => new LocalMediaStore(localRoot()));

t.test('local: keys never leave the root, writes leave no temp files', async (t) => {
  const parent = tempDir('escape');
  const root = path.join(parent, 'media');
  const store = new LocalMediaStore(root);
  for (const key of ['../outside', '../media-sibling/x', 'users/../../outside', '/tmp/outside', '..\\outside']) {
    await t.rejects(store.put(key, JPEG, 'image/jpeg'), MediaKeyError, key);
  }
  await t.rejects(store.deletePrefix('../'), MediaKeyError);
  t.same(readdirSync(parent), [], 'nothing was written beside the root');

  await store.put(original(7), JPEG, 'image/jpeg');
  t.same(readdirSync(path.join(root, 'users/7/uploads/u1')), ['original'], 'the temp file was renamed away');
  await store.deletePrefix(memberMediaPrefix(7));
  t.notOk(existsSync(path.join(root, 'users/7')), 'the member folder is removed');
  t.ok(existsSync(root), 'the root stays');
  await t.rejects(store.put(original(7), JPEG, 'image/jpeg\nX-Evil: 1'), /content type/);
});

t.test('local: uploads come through the API, so there is no presigned URL', async (t) => {
  t.equal(await new LocalMediaStore(localRoot()).presignPut(original(8), 'image/jpeg', 100, 300), null);
});

t.test('createMediaStore picks the configured store', async (t) => {
  const mediaDir = localRoot();
  t.equal(createMediaStore({ mediaStore: 'local', mediaDir, s3: null }).kind, 'local');
  const s3 = {
    endpoint: 'http://127.0.0.1:1',
    region: 'us-east-1',
    bucket: 'media',
    credentials: null,
    forcePathStyle: true,
    publicEndpoint: null,
  };
  t.equal(createMediaStore({ mediaStore: 's3', mediaDir, s3 }).kind, 's3');
});

t.test('s3: upload URLs name the public endpoint when the servers reach the store by another name', async (t) => {
  const s3 = {
    endpoint: 'http://minio:9000',
    region: 'us-east-1',
    bucket: 'media',
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    forcePathStyle: true,
    publicEndpoint: 'http://localhost:9000',
  };
  const url = await createMediaStore({ mediaStore: 's3', mediaDir: localRoot(), s3 }).presignPut(
    'users/1/uploads/u/original',
    'image/jpeg',
    10,
    60,
  );
  t.match(url, /^http:\/\/localhost:9000\/media\/users\/1\/uploads\/u\/original\?/, 'signed for the address browsers use');
  const internal = await createMediaStore({ mediaStore: 's3', mediaDir: localRoot(), s3: { ...s3, publicEndpoint: null } }).presignPut(
    'users/1/a',
    'image/jpeg',
    10,
    60,
  );
  t.match(internal, /^http:\/\/minio:9000\//, 'without one, the endpoint itself');
});

// S3, against an in-process s3rver on loopback.
const s3rver = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: tempDir('s3rver'),
  configureBuckets: [{ name: 'media' }],
});
const { port } = await s3rver.run();
t.teardown(() => s3rver.close());
const s3Settings = {
  endpoint: `http://127.0.0.1:${port}`,
  region: 'us-east-1',
  bucket: 'media',
  // s3rver's fixed account; it knows no other key.
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  forcePathStyle: true,
  publicEndpoint: null,
};
const s3Client = createS3Client(s3Settings);
t.teardown(() => s3Client.destroy());
const s3Store = new S3MediaStore(s3Client, 'media');
behaviour('s3', () => s3Store);

// s3rver cannot answer a truncated listing on this Node (its continuation tokens use DES, which
// OpenSSL 3 dropped), so the paging is checked against a recording stand-in for the client.
t.test('s3: deletePrefix and delete work in pages of 1000', async (t) => {
  const stored = Array.from({ length: 2500 }, (_, i) => `users/9/photos/${String(i).padStart(4, '0')}/thumb`);
  const deleted: number[] = [];
  const listed: (string | undefined)[] = [];
  const client = {
    send: async (command: object) => {
      if (command instanceof ListObjectsV2Command) {
        const token = command.input.ContinuationToken;
        listed.push(token);
        const start = token ? Number(token) : 0;
        const end = start + (command.input.MaxKeys ?? 1000);
        return {
          Contents: stored.slice(start, end).map((Key) => ({ Key })),
          IsTruncated: end < stored.length,
          NextContinuationToken: end < stored.length ? String(end) : undefined,
        };
      }
      if (command instanceof DeleteObjectsCommand) {
        deleted.push(command.input.Delete?.Objects?.length ?? 0);
        return { Errors: [] };
      }
      throw new Error('unexpected command');
    },
  } as unknown as S3Client;
  const store = new S3MediaStore(client, 'media');
  await store.deletePrefix(memberMediaPrefix(9));
  t.same(listed, [undefined, '1000', '2000'], 'follows the continuation tokens');
  t.same(deleted, [1000, 1000, 500]);
  deleted.length = 0;
  await store.delete(stored);
  t.same(deleted, [1000, 1000, 500], 'a long list of keys is split too');
});

t.test('s3: a key S3 refuses to delete is an error, not silence', async (t) => {
  const client = {
    send: async () => ({ Errors: [{ Key: 'users/1/a', Code: 'AccessDenied', Message: 'Access Denied' }] }),
  } as unknown as S3Client;
  await t.rejects(new S3MediaStore(client, 'media').delete(['users/1/a']), /AccessDenied/);
});

// The presigned URLs are made for the gate's address, which checks them as S3 would.
const gate = await startSigV4Gate(port, 'S3RVER');
t.teardown(() => gate.close());
const presignClient = createS3Client({ ...s3Settings, endpoint: `http://127.0.0.1:${gate.port}` });
t.teardown(() => presignClient.destroy());
const presigner = new S3MediaStore(presignClient, 'media');

t.test('s3: a presigned PUT lands only with the signed content type and length', async (t) => {
  const key = original(11);
  const url = await presigner.presignPut(key, 'image/jpeg', JPEG.length, 300);
  if (!url) throw new Error('the S3 store presigns');
  t.match(new URL(url).searchParams.get('X-Amz-SignedHeaders') ?? '', /content-length.*content-type/);

  const wrongType = await fetch(url, { method: 'PUT', body: JPEG, headers: { 'content-type': 'text/html' } });
  t.equal(wrongType.status, 403, 'another content type is refused');
  const wrongSize = await fetch(url, { method: 'PUT', body: Buffer.concat([JPEG, JPEG]), headers: { 'content-type': 'image/jpeg' } });
  t.equal(wrongSize.status, 403, 'another length is refused');
  const otherKey = url.replace('/u1/original', '/u2/original');
  const moved = await fetch(otherKey, { method: 'PUT', body: JPEG, headers: { 'content-type': 'image/jpeg' } });
  t.equal(moved.status, 403, 'the URL is good for its own key only');
  t.equal(await s3Store.size(key), null, 'nothing landed');

  const ok = await fetch(url, {
    method: 'PUT',
    body: JPEG,
    headers: { 'content-type': 'image/jpeg', 'content-length': String(JPEG.length) },
  });
  t.equal(ok.status, 200, await ok.text());
  const object = await s3Store.get(key);
  t.same(object?.body, JPEG);
  t.equal(object?.contentType, 'image/jpeg');
  t.equal(await s3Store.size(original(11, 'u2')), null);
});
