/**
 * photo-moderation end to end: a real app with the handler running in-process, real images
 * through the API, the verdict read back the way the client reads it (status route, signed URLs,
 * the profile), and the handler's bounds (timeouts, attempts, redelivery) driven directly.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import t from 'tap';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import { memoryLog, waitFor } from '../../server/test/nats.ts';
import { buildTestApp } from '../../server/test/app.ts';
import { signUp } from '../../server/test/factories.ts';
import { COMPLETE_FORM, getMyProfile, patchProfile } from '../../server/test/profiles.ts';
import { createUpload, sendUploadFile, uploadPhoto, uploadStatus, waitForVerdict } from '../../server/test/uploads.ts';
import { photoModerationHandler, MAX_ATTEMPTS } from './handler.ts';
import { PROCESSING_FAILED_REASON } from './failure-reasons.ts';
import { REJECTION_REASONS } from './reasons.ts';

const FACE = readFileSync(new URL('../../fixtures/images/astronaut.jpg', import.meta.url));
const PDF_NAMED_JPG = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The face photo as a phone would send it: with the owner's GPS position in its EXIF. */
const withGps = () =>
  sharp(FACE)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .toBuffer();

t.test('a newcomer uploads photo 1: approved, sizes served behind signed URLs without metadata, profile complete', async (t) => {
  const { app, db, media } = await buildTestApp(t);
  const newcomer = await signUp(app, { username: 'newcomer' });
  t.equal((await patchProfile(app, newcomer, COMPLETE_FORM)).statusCode, 200);
  const before = (await app.inject({ method: 'GET', url: '/api/v1/profile/completeness/', headers: newcomer.auth })).json();
  t.same(before.missing_fields, ['photo1_url'], 'photo 1 is all that is missing');

  const uploadId = await uploadPhoto(app, newcomer, 'photo1', await withGps());
  const verdict = await waitForVerdict(app, newcomer, uploadId);
  t.equal(verdict.state, 'approved', JSON.stringify(verdict));
  t.equal(verdict.rejectionReason, null);
  for (const [size, url] of [
    ['thumbnail', verdict.thumbnail],
    ['preview', verdict.preview],
    ['full', verdict.full],
    ['blob_url', verdict.blob_url],
  ] as const) {
    t.match(url, /^\/api\/v1\/media\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/, `${size} is a signed URL`);
    t.notMatch(url, /users|uploads/, `${size} names no storage key`);
    const served = await app.inject({ method: 'GET', url: url as string });
    t.equal(served.statusCode, 200, `${size} is served to its owner`);
    t.equal(served.headers['content-type'], 'image/jpeg');
    t.match(served.headers['cache-control'], /^private, max-age=\d+$/);
    const meta = await sharp(served.rawPayload).metadata();
    t.equal(meta.exif, undefined, `${size}: no EXIF (no GPS)`);
    t.ok(Math.max(meta.width ?? 0, meta.height ?? 0) <= 1600);
  }
  const thumb = await sharp((await app.inject({ method: 'GET', url: verdict.thumbnail as string })).rawPayload).metadata();
  t.equal(Math.max(thumb.width ?? 0, thumb.height ?? 0), 320, 'the thumbnail is 320 px on its long side');

  const profile = (await getMyProfile(app, newcomer)).json();
  t.match(profile.photo1_url, /^\/api\/v1\/media\//, 'the profile carries a signed URL for photo 1');
  const after = (await app.inject({ method: 'GET', url: '/api/v1/profile/completeness/', headers: newcomer.auth })).json();
  t.equal(after.is_complete, true, 'photo 1 completes the profile');
  const [stored] = await db.execute<{ is_complete: boolean; photo1_url: string }>(
    sql`select is_complete, photo1_url from profiles where user_id = ${newcomer.userId}`,
  );
  t.equal(stored.is_complete, true, 'the flag discovery reads is set in the same commit');
  t.match(stored.photo1_url, /^media:users\/\d+\/uploads\/[0-9a-f-]{36}\/preview\.jpg$/, 'stored as a reference, never as a URL');
  await waitFor(
    async () => (await media.size(`users/${newcomer.userId}/uploads/${uploadId}/original`)) === null,
    10_000,
    'the original to be deleted',
  );
  t.pass('the original (with its GPS) is deleted');

  const events = await db.execute<{ payload: { state: string; uploadId: string } }>(
    sql`select payload from outbox where subject = 'uploads.status_changed'`,
  );
  t.same(
    events.map((e) => [e.payload.uploadId, e.payload.state]),
    [[uploadId, 'approved']],
    'one status event for the owner',
  );

  t.test('a second photo 1 replaces the first and removes its files', async (t) => {
    const second = await uploadPhoto(app, newcomer, 'photo1', FACE);
    t.equal((await waitForVerdict(app, newcomer, second)).state, 'approved');
    t.equal(await media.size(`users/${newcomer.userId}/uploads/${uploadId}/preview.jpg`), null, 'the first photo 1 is gone');
    t.ok(await media.size(`users/${newcomer.userId}/uploads/${second}/preview.jpg`), 'the second is stored');
    const [row] = await db.execute<{ photo1_url: string }>(sql`select photo1_url from profiles where user_id = ${newcomer.userId}`);
    t.match(row.photo1_url, second);
  });

  t.test('a chat photo is approved without touching the profile', async (t) => {
    const [before] = await db.execute<{ photo1_url: string }>(sql`select photo1_url from profiles where user_id = ${newcomer.userId}`);
    const chat = await uploadPhoto(app, newcomer, 'chat', FACE);
    t.equal((await waitForVerdict(app, newcomer, chat)).state, 'approved');
    const [after] = await db.execute<{ photo1_url: string }>(sql`select photo1_url from profiles where user_id = ${newcomer.userId}`);
    t.equal(after.photo1_url, before.photo1_url);
  });
});

t.test("a phone's HEIC photo is read (through heic-convert) and stored as JPEG sizes", async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app, { username: 'iphone' });
  const heic = readFileSync(new URL('../../fixtures/images/astronaut.heic', import.meta.url));
  const created = await createUpload(app, member, { fieldName: 'photo2', contentType: 'image/heic', contentLength: heic.length });
  const { uploadId } = created.json() as { uploadId: string };
  t.equal((await sendUploadFile(app, member, uploadId, heic)).statusCode, 200);
  const verdict = await waitForVerdict(app, member, uploadId);
  t.equal(verdict.state, 'approved', JSON.stringify(verdict));
  const served = await app.inject({ method: 'GET', url: verdict.full as string });
  const meta = await sharp(served.rawPayload).metadata();
  t.same([meta.format, meta.width, meta.height], ['jpeg', 512, 512], 'a JPEG of the whole picture');
});

t.test('a file that is not a photo is rejected with its reason, and nothing of it is kept', async (t) => {
  const { app, media } = await buildTestApp(t);
  const member = await signUp(app, { username: 'member' });
  const uploadId = await uploadPhoto(app, member, 'photo2', PDF_NAMED_JPG);
  const verdict = await waitForVerdict(app, member, uploadId);
  t.same(verdict, {
    state: 'rejected',
    rejectionReason: REJECTION_REASONS.not_an_image,
    thumbnail: null,
    preview: null,
    full: null,
    blob_url: null,
  });
  // The original goes right after the verdict's commit, so a busy machine may show the verdict first.
  const original = `users/${member.userId}/uploads/${uploadId}/original`;
  await waitFor(async () => (await media.size(original)) === null, 10_000, 'the original to be deleted');
  t.pass('the original is gone');
  const profile = (await getMyProfile(app, member)).json();
  t.equal(profile.photo2_url, null);
});

t.test('the handler: bounded attempts, timeouts, redelivery', async (t) => {
  // The API side only: the test drives the handler itself.
  const { app, db, media } = await buildTestApp(t, { WORKERS: 'notifications' });
  const member = await signUp(app, { username: 'member' });
  const log = memoryLog();
  const context = (attempt: number) => ({ attempt, progress() {}, log: log as never, stopping: new AbortController().signal });
  const eventFor = async (uploadId: string): Promise<EventOf<'photos.uploaded'>> => {
    const [row] = await db.execute<{ id: number; payload: EventOf<'photos.uploaded'>['payload'] }>(
      sql`select id, payload from outbox where subject = 'photos.uploaded' and payload->>'uploadId' = ${uploadId}`,
    );
    return { id: row.id, subject: 'photos.uploaded', occurredAt: new Date().toISOString(), payload: row.payload };
  };
  const stateOf = async (uploadId: string) => (await uploadStatus(app, member, uploadId)).json();

  t.test('a check that hangs times out each attempt; after the last the upload is closed as error', async (t) => {
    const hanging = photoModerationHandler({ db, media, attemptTimeoutMs: 100, checksFor: async () => [() => new Promise(() => {})] });
    const uploadId = await uploadPhoto(app, member, 'photo3', FACE);
    const event = await eventFor(uploadId);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      await t.rejects(hanging.handle(event, context(attempt)), { name: 'TimeoutError' }, `attempt ${attempt} fails and will be retried`);
      t.equal((await stateOf(uploadId)).state, 'pending_review');
    }
    await hanging.handle(event, context(MAX_ATTEMPTS));
    t.same(await stateOf(uploadId), {
      state: 'error',
      rejectionReason: PROCESSING_FAILED_REASON,
      thumbnail: null,
      preview: null,
      full: null,
      blob_url: null,
    });
    t.ok(
      hanging.maxDeliver && hanging.maxDeliver > MAX_ATTEMPTS,
      'the runtime delivers once more than the attempts, so the last one records the error',
    );
  });

  t.test('a job that crashed the process every time: the next delivery finds the attempts used up', async (t) => {
    const handler = photoModerationHandler({ db, media });
    const uploadId = await uploadPhoto(app, member, 'photo4', FACE);
    await db.execute(sql`update uploads set attempts = ${MAX_ATTEMPTS} where id = ${uploadId}`);
    await handler.handle(await eventFor(uploadId), context(MAX_ATTEMPTS + 1));
    t.equal((await stateOf(uploadId)).state, 'error');
  });

  t.test('a redelivered event changes nothing once decided', async (t) => {
    const handler = photoModerationHandler({ db, media });
    const uploadId = await uploadPhoto(app, member, 'photo5', FACE);
    const event = await eventFor(uploadId);
    await handler.handle(event, context(1));
    t.equal((await stateOf(uploadId)).state, 'approved');
    await handler.handle(event, context(2));
    const changes = await db.execute(
      sql`select 1 from outbox where subject = 'uploads.status_changed' and payload->>'uploadId' = ${uploadId}`,
    );
    t.equal(changes.length, 1, 'one status event');
  });

  t.test('an upload whose account is gone is skipped', async (t) => {
    const handler = photoModerationHandler({ db, media });
    const other = await signUp(app, { username: 'leaver' });
    const uploadId = await uploadPhoto(app, other, 'photo1', FACE);
    const event = await eventFor(uploadId);
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: other.auth })).statusCode, 200);
    await handler.handle(event, context(1));
    t.equal(await media.size(`users/${other.userId}/uploads/${uploadId}/preview.jpg`), null, 'nothing written for it');
  });
});
