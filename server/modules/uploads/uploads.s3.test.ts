/**
 * Uploads on the object store: a presigned PUT straight to the bucket, then mark_uploaded, and
 * moderation reading and writing the same bucket from another instance. Against an in-process s3rver.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { waitForVerdict } from '../../test/uploads.ts';
import { memoryLog, natsSkip, natsTestEnv } from '../../test/nats.ts';
import { loadConfig } from '../../kernel/config.ts';
import { NatsLink } from '../../kernel/events/nats-link.ts';
import { NatsPushBus } from '../../kernel/events/push-nats.ts';
import { createMediaStore } from '../../kernel/media/index.ts';
import { createHandlers } from '../../../workers/registry.ts';
import { startNatsWorkers } from '../../../workers/runtime/start.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

const directory = mkdtempSync(path.join(os.tmpdir(), 'betroth-uploads-s3-'));
t.teardown(() => rmSync(directory, { recursive: true, force: true }));
const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'media' }] });
const { port } = await s3rver.run();
t.teardown(() => s3rver.close());

const S3_ENV = {
  MEDIA_STORE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: 'media',
  // s3rver's fixed account; it knows no other key.
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};

t.test('create gives a URL to PUT to; mark_uploaded checks the object and moves the upload on', async (t) => {
  // The API side alone, so the upload stays pending_review here; moderation is tested on its own.
  const { app, db, media } = await buildTestApp(t, { ...S3_ENV, WORKERS: 'notifications' });
  t.equal(media.kind, 's3');
  const member = await signUp(app, { username: 'uploader' });
  const mark = (uploadId: string) => app.inject({ method: 'POST', url: `/api/v1/uploads/${uploadId}/mark_uploaded`, headers: member.auth });
  const create = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads/',
      headers: member.auth,
      payload: { fieldName: 'photo1', contentType: 'image/jpeg', contentLength: JPEG.length },
    });
    t.equal(response.statusCode, 201, response.body);
    return response.json() as { uploadId: string; uploadUrl?: string };
  };

  const { uploadId, uploadUrl } = await create();
  t.type(uploadUrl, 'string', 'the object store presigns');
  t.match(uploadUrl, `/media/users/${member.userId}/uploads/${uploadId}/original`);

  const early = await mark(uploadId);
  t.equal(early.statusCode, 400, 'nothing was PUT yet');
  t.equal(early.json().error, 'Upload not received');

  const put = await fetch(uploadUrl as string, {
    method: 'PUT',
    body: JPEG,
    headers: { 'content-type': 'image/jpeg', 'content-length': String(JPEG.length) },
  });
  t.equal(put.status, 200, await put.text());
  const marked = await mark(uploadId);
  t.equal(marked.statusCode, 200, marked.body);
  t.equal(marked.json().state, 'pending_review');
  const [row] = await db.execute<{ state: string }>(sql`select state from uploads where id = ${uploadId}`);
  t.equal(row.state, 'pending_review');
  const events = await db.execute<{ payload: { uploadId: string; storageKey: string } }>(
    sql`select payload from outbox where subject = 'photos.uploaded'`,
  );
  t.equal(events.length, 1);
  t.match(events[0].payload, { uploadId, storageKey: `users/${member.userId}/uploads/${uploadId}/original`, livenessRequired: true });
  t.equal((await mark(uploadId)).statusCode, 200, 'marking again is a harmless retry');
  t.equal((await db.execute(sql`select 1 from outbox where subject = 'photos.uploaded'`)).length, 1, 'still one event');

  t.test('an object of another size than declared is refused', async (t) => {
    const other = await create();
    await media.put(`users/${member.userId}/uploads/${other.uploadId}/original`, Buffer.concat([JPEG, JPEG]), 'image/jpeg');
    const response = await mark(other.uploadId);
    t.equal(response.statusCode, 400);
    const [row] = await db.execute<{ state: string }>(sql`select state from uploads where id = ${other.uploadId}`);
    t.equal(row.state, 'awaiting_upload');
  });

  t.test('deleting the account empties the member prefix in the bucket', async (t) => {
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: member.auth })).statusCode, 200);
    t.equal(await media.size(`users/${member.userId}/uploads/${uploadId}/original`), null);
  });
});

t.test(
  'two API instances and a workers process share the bucket over NATS: a photo PUT through one is reviewed by the worker and served by the other',
  { skip: natsSkip },
  async (t) => {
    const photo = readFileSync(new URL('../../../fixtures/images/astronaut.jpg', import.meta.url));
    const env = { ...natsTestEnv(t), ...S3_ENV };
    const a = await buildTestApp(t, env);
    const b = await buildTestApp(t, env, { databaseUrl: a.databaseUrl, jwtSecret: a.jwtSecret });
    const csp = String((await a.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    t.match(csp, new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${port}`), 'the page may PUT to the bucket');

    // The workers process, in this test process, with its own connection to the bucket.
    const log = memoryLog();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: a.databaseUrl, ...env });
    const link = new NatsLink({ url: env.NATS_URL, name: 'test-workers', log });
    link.start();
    const push = new NatsPushBus(link, env.NATS_PUSH_PREFIX, log);
    const handlers = createHandlers(['photo-moderation'], {
      config,
      db: a.db,
      push,
      log,
      media: createMediaStore(config),
      mailer: a.app.mailer,
    });
    const workers = startNatsWorkers(handlers, link, { stream: env.NATS_STREAM, subjectPrefix: env.NATS_SUBJECT_PREFIX }, { log });
    t.teardown(async () => {
      await workers.stop();
      await push.close();
      await link.close();
    });

    const member = await signUp(a.app, { username: 'shared' });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/uploads/',
      headers: member.auth,
      payload: { fieldName: 'photo2', contentType: 'image/jpeg', contentLength: photo.length },
    });
    const { uploadId, uploadUrl } = created.json() as { uploadId: string; uploadUrl: string };
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: photo,
      headers: { 'content-type': 'image/jpeg', 'content-length': String(photo.length) },
    });
    t.equal(put.status, 200);
    t.equal(
      (await a.app.inject({ method: 'POST', url: `/api/v1/uploads/${uploadId}/mark_uploaded`, headers: member.auth })).statusCode,
      200,
    );

    const verdict = await waitForVerdict(b.app, member, uploadId, 60_000);
    t.equal(verdict.state, 'approved', JSON.stringify(verdict));
    if (verdict.state !== 'approved') return;
    const served = await a.app.inject({ method: 'GET', url: verdict.preview as string });
    t.equal(served.statusCode, 200, 'instance A serves what the worker wrote to the bucket');
    t.equal(served.headers['content-type'], 'image/jpeg');
    t.equal(await a.media.size(`users/${member.userId}/uploads/${uploadId}/original`), null, 'the original left the bucket');
  },
);
