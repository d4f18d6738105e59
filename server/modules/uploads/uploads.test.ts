/** Uploads through the API (local store): create, multipart, status, the event, limits, ownership, photo deletion. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { memberMediaPrefix } from '../../kernel/media/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp, type TestMember } from '../../test/factories.ts';
import { man, woman } from '../../test/members.ts';
import { getMyProfile } from '../../test/profiles.ts';
import { createUpload, sendUploadFile, uploadStatus } from '../../test/uploads.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const TEN_MB = 10 * 1024 * 1024;
/**
 * The API side alone: without the moderation handler an upload stays where the API left it, so
 * these tests see pending_review and the original deterministically. Moderation's own tests
 * (workers/photo-moderation) take the same uploads the rest of the way.
 */
const API_SIDE_ONLY = { WORKERS: 'notifications' };

const create = createUpload;

async function createPhoto(app: FastifyInstance, member: TestMember, fieldName = 'photo1', contentLength = JPEG.length): Promise<string> {
  const response = await create(app, member, { fieldName, contentType: 'image/jpeg', contentLength });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().uploadId;
}

const sendFile = sendUploadFile;
const status = uploadStatus;

async function uploadEvents(db: Db) {
  return db.execute<{ payload: Record<string, unknown> }>(sql`select payload from outbox where subject = 'photos.uploaded' order by id`);
}

async function stateOf(db: Db, uploadId: string): Promise<string | undefined> {
  const [row] = await db.execute<{ state: string }>(sql`select state from uploads where id = ${uploadId}`);
  return row?.state;
}

t.test('create, send through the API, pending review with its event', async (t) => {
  const { app, db, media } = await buildTestApp(t, API_SIDE_ONLY);
  // A newcomer with an incomplete profile uploads photo 1 to complete it.
  const newcomer = await signUp(app, { username: 'newcomer' });
  const created = await create(app, newcomer, {
    fieldName: 'photo1',
    contentType: 'image/jpeg',
    contentLength: JPEG.length,
    cameraMetadata: { takenWithCamera: true },
  });
  t.equal(created.statusCode, 201, created.body);
  const { uploadId, uploadUrl } = created.json();
  t.match(uploadId, /^[0-9a-f-]{36}$/);
  t.equal(uploadUrl, undefined, 'the local store takes the file through the API');
  const [row] = await db.execute<{ original_key: string; state: string }>(
    sql`select original_key, state from uploads where id = ${uploadId}`,
  );
  t.same(row, { original_key: `users/${newcomer.userId}/uploads/${uploadId}/original`, state: 'awaiting_upload' });
  t.same(
    (await status(app, newcomer, uploadId)).json(),
    { state: 'pending_review', rejectionReason: null, thumbnail: null, preview: null, full: null, blob_url: null },
    'awaiting the file reads as pending review',
  );
  t.equal((await uploadEvents(db)).length, 0, 'nothing announced before the file arrives');

  const sent = await sendFile(app, newcomer, uploadId, JPEG);
  t.equal(sent.statusCode, 200, sent.body);
  t.equal(sent.json().state, 'pending_review');
  t.equal(await stateOf(db, uploadId), 'pending_review');
  const stored = await media.get(row.original_key);
  t.same(stored?.body, JPEG, 'the bytes are in the store');
  t.equal(stored?.contentType, 'image/jpeg');

  const events = await uploadEvents(db);
  t.equal(events.length, 1);
  t.match(events[0].payload, {
    uploadId,
    userId: newcomer.userId,
    purpose: 'profile',
    slot: 1,
    livenessRequired: true,
    storageKey: row.original_key,
    contentType: 'image/jpeg',
  });
  t.type(events[0].payload.uploadedAt, 'string');

  t.test('sending again answers the current status and changes nothing', async (t) => {
    const again = await sendFile(app, newcomer, uploadId, Buffer.from('other bytes entirely'));
    t.equal(again.statusCode, 200, again.body);
    t.equal(again.json().state, 'pending_review');
    t.same((await media.get(row.original_key))?.body, JPEG, 'the first bytes stay');
    t.equal((await uploadEvents(db)).length, 1, 'still one event');
    const marked = await app.inject({ method: 'POST', url: `/api/v1/uploads/${uploadId}/mark_uploaded`, headers: newcomer.auth });
    t.equal(marked.statusCode, 200, 'mark_uploaded after the fact is the same retry');
    t.equal((await uploadEvents(db)).length, 1);
  });

  t.test('the state and event commit together', async (t) => {
    const chatId = await createPhoto(app, newcomer, 'chat');
    await sendFile(app, newcomer, chatId, JPEG);
    const [row] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from uploads u join outbox o on o.payload->>'uploadId' = u.id::text
      where u.id = ${chatId} and u.state = 'pending_review' and o.subject = 'photos.uploaded'`);
    t.equal(row.n, 1);
    const chat = (await uploadEvents(db)).at(-1)?.payload;
    t.match(chat, { purpose: 'chat', livenessRequired: false });
    t.notOk(chat && 'slot' in chat, 'a chat photo has no slot');
  });
});

t.test('wrong type and size are refused with the messages the client shows', async (t) => {
  const { app, db } = await buildTestApp(t, API_SIDE_ONLY);
  const adam = await man(app, db, {}, 'adam');
  for (const contentType of ['text/html', 'image/gif', 'application/octet-stream', '']) {
    const response = await create(app, adam, { fieldName: 'photo2', contentType, contentLength: 100 });
    t.equal(response.statusCode, 400, contentType);
    t.equal(response.json().error, 'Please select an image file');
  }
  for (const contentType of ['image/jpg', 'image/png', 'image/webp', 'image/heic', 'image/heif']) {
    t.equal((await create(app, adam, { fieldName: 'photo2', contentType, contentLength: 100 })).statusCode, 201, contentType);
  }
  for (const contentLength of [0, -1, 1.5, TEN_MB + 1]) {
    const response = await create(app, adam, { fieldName: 'photo2', contentType: 'image/png', contentLength });
    t.equal(response.statusCode, 400, String(contentLength));
    t.equal(response.json().error, 'Image must be less than 10MB');
  }
  t.equal((await create(app, adam, { fieldName: 'photo6', contentType: 'image/png', contentLength: 1 })).statusCode, 400, 'no sixth slot');
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/uploads/',
        payload: { fieldName: 'photo1', contentType: 'image/png', contentLength: 1 },
      })
    ).statusCode,
    401,
  );
});

t.test('a file larger than declared, or no file, is refused', async (t) => {
  const { app, db, media } = await buildTestApp(t, API_SIDE_ONLY);
  const adam = await man(app, db, {}, 'adam');
  const uploadId = await createPhoto(app, adam, 'photo2', 4);
  const tooBig = await sendFile(app, adam, uploadId, JPEG);
  t.equal(tooBig.statusCode, 413, tooBig.body);
  t.equal(tooBig.json().error, 'Image must be less than 10MB');
  t.equal(await stateOf(db, uploadId), 'awaiting_upload', 'still waiting for a proper file');
  t.equal(await media.size(`users/${adam.userId}/uploads/${uploadId}/original`), null, 'nothing stored');
  t.equal((await uploadEvents(db)).length, 0);

  const json = await app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${uploadId}/multipart`,
    headers: adam.auth,
    payload: { file: 'x' },
  });
  t.ok(json.statusCode >= 400 && json.statusCode < 500, `a JSON body is not a file (${json.statusCode})`);
  t.equal((await sendFile(app, adam, uploadId, JPEG.subarray(0, 4))).statusCode, 200, 'the declared size goes through');
});

t.test("another member's upload is not found on every route", async (t) => {
  const { app, db } = await buildTestApp(t, API_SIDE_ONLY);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  const uploadId = await createPhoto(app, eve, 'photo2');
  t.equal((await status(app, adam, uploadId)).statusCode, 404, 'status');
  t.equal((await sendFile(app, adam, uploadId, JPEG)).statusCode, 404, 'multipart');
  t.equal(
    (await app.inject({ method: 'POST', url: `/api/v1/uploads/${uploadId}/mark_uploaded`, headers: adam.auth })).statusCode,
    404,
    'mark_uploaded',
  );
  t.equal(await stateOf(db, uploadId), 'awaiting_upload', "eve's upload is untouched");
  t.equal((await status(app, eve, uploadId)).statusCode, 200, 'the owner still sees it');
  t.equal((await status(app, adam, 'not-a-uuid')).statusCode, 400);
});

t.test('too many uploads waiting at once are refused', async (t) => {
  const { app, db } = await buildTestApp(t, API_SIDE_ONLY);
  const adam = await man(app, db, {}, 'adam');
  const answers = await Promise.all(
    Array.from({ length: 14 }, () => create(app, adam, { fieldName: 'chat', contentType: 'image/png', contentLength: 10 })),
  );
  t.equal(answers.filter((a) => a.statusCode === 201).length, 10, 'ten at most, even when sent at once');
  const refused = answers.find((a) => a.statusCode === 429);
  t.match(refused?.json().error, /waiting/);
  const [first] = await db.execute<{ id: string }>(sql`select id from uploads where user_id = ${adam.userId} limit 1`);
  await sendFile(app, adam, first.id, Buffer.alloc(10));
  t.equal(
    (await create(app, adam, { fieldName: 'chat', contentType: 'image/png', contentLength: 10 })).statusCode,
    201,
    'sending one frees a place',
  );
});

t.test('deleting a photo slot clears it, recomputes completeness and removes its files', async (t) => {
  const { app, db, media } = await buildTestApp(t, API_SIDE_ONLY);
  const adam = await man(app, db, {}, 'adam');
  const completeness = async () =>
    (await app.inject({ method: 'GET', url: '/api/v1/profile/completeness/', headers: adam.auth })).json().is_complete;
  t.equal(await completeness(), true);
  // An approved photo 1, as moderation would leave it.
  const uploadId = await createPhoto(app, adam, 'photo1');
  await sendFile(app, adam, uploadId, JPEG);
  const prefix = `${memberMediaPrefix(adam.userId)}uploads/${uploadId}/`;
  await media.put(`${prefix}thumb`, JPEG, 'image/jpeg');
  await db.execute(sql`update uploads set state = 'approved', thumbnail_key = ${`${prefix}thumb`} where id = ${uploadId}`);
  const chatId = await createPhoto(app, adam, 'chat');
  await sendFile(app, adam, chatId, JPEG);

  const removed = await app.inject({ method: 'DELETE', url: '/api/v1/profile/photo/1/delete/', headers: adam.auth });
  t.equal(removed.statusCode, 200, removed.body);
  t.same(removed.json(), { detail: 'Photo 1 deleted' });
  const profile = (await getMyProfile(app, adam)).json();
  t.equal(profile.photo1_url, null);
  t.equal(await completeness(), false, 'without photo 1 the profile is incomplete');
  const [stored] = await db.execute<{ is_complete: boolean }>(sql`select is_complete from profiles where user_id = ${adam.userId}`);
  t.equal(stored.is_complete, false, 'the stored flag discovery reads follows');
  t.equal(await media.size(`${prefix}original`), null, 'the original is gone');
  t.equal(await media.size(`${prefix}thumb`), null, 'and its rendition');
  t.equal(await media.size(`${memberMediaPrefix(adam.userId)}uploads/${chatId}/original`), JPEG.length, 'other media stay');

  const again = await app.inject({ method: 'DELETE', url: '/api/v1/profile/photo/1/delete/', headers: adam.auth });
  t.equal(again.statusCode, 404, 'an empty slot');
  t.equal((await app.inject({ method: 'DELETE', url: '/api/v1/profile/photo/6/delete/', headers: adam.auth })).statusCode, 400);
});

t.test("deleting the account removes the member's media", async (t) => {
  const { app, db, media } = await buildTestApp(t, API_SIDE_ONLY);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  const mine = await createPhoto(app, adam, 'photo2');
  await sendFile(app, adam, mine, JPEG);
  const hers = await createPhoto(app, eve, 'photo2');
  await sendFile(app, eve, hers, JPEG);
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: adam.auth })).statusCode, 200);
  t.equal(await media.size(`users/${adam.userId}/uploads/${mine}/original`), null, "adam's photo is gone");
  t.equal(await media.size(`users/${eve.userId}/uploads/${hers}/original`), JPEG.length, "eve's stays");
});
