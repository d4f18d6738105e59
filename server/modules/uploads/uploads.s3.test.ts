/** Uploads on the object store: a presigned PUT straight to the bucket, then mark_uploaded. Against an in-process s3rver. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';

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
