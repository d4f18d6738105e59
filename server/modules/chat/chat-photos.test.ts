/**
 * Chat photos: only the sender's own approved chat upload, once; the photo's URLs are signed for
 * each member and served only to the two members of the match while it exists; ending the match
 * removes the files (workers/chat-cleanup).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { createMediaUrlSigner, derivativeKeyOf } from '../../kernel/media/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  approvedChatPhoto,
  CHAT_WORKERS,
  chattingPair,
  pendingChatPhoto,
  readChat,
  sendMessage,
  unknownUploadId,
} from '../../test/chat.ts';
import { post, woman } from '../../test/members.ts';
import { waitFor } from '../../test/nats.ts';
import { uploadPhoto, uploadStatus } from '../../test/uploads.ts';

const fetchUrl = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

async function messageCount(db: Db): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages`);
  return row.n;
}

async function matchOfUpload(db: Db, uploadId: string): Promise<number | null> {
  const [row] = await db.execute<{ match_id: number | null }>(sql`select match_id from uploads where id = ${uploadId}`);
  return row?.match_id === null || row?.match_id === undefined ? null : Number(row.match_id);
}

t.test('a photo message: the sender’s own approved chat photo, once, seen by the two members only', async (t) => {
  const { app, db, media, jwtSecret } = await buildTestApp(t, CHAT_WORKERS);
  const signer = createMediaUrlSigner(jwtSecret);
  const { a, b, matchId } = await chattingPair(app, db, ['adam', 'eve']);
  const lilith = await woman(app, db, {}, 'lilith');
  const uploadId = await approvedChatPhoto(app, db, media, a);
  const fullKey = derivativeKeyOf(a.userId, uploadId, 'full');

  // Before it is sent, the photo is its owner's alone.
  const status = (await uploadStatus(app, a, uploadId)).json();
  t.equal((await fetchUrl(app, status.full)).statusCode, 200, 'the owner sees their approved chat photo');
  t.equal((await fetchUrl(app, signer.sign(fullKey, b.userId))).statusCode, 404, 'nobody else, not even the future recipient');

  const sent = await sendMessage(app, a, matchId, { message: 'Look at this view', uploadId });
  t.equal(sent.statusCode, 201, sent.body);
  const message = sent.json().message;
  t.match(message, { message: 'Look at this view', photo_thumbnail_url: /^\/api\/v1\/media\//, photo_url: /^\/api\/v1\/media\// });
  t.equal(await matchOfUpload(db, uploadId), matchId, 'the upload now belongs to this chat');
  const [event] = await db.execute<{ payload: { hasPhoto: boolean } }>(sql`select payload from outbox where subject = 'chat.message_sent'`);
  t.equal(event.payload.hasPhoto, true);

  const seen = (await readChat(app, b, matchId)).json().messages[0];
  t.match(seen.photo_url, /^\/api\/v1\/media\//, 'the recipient gets URLs of their own');
  t.not(seen.photo_url, message.photo_url, 'signed for the viewer');
  t.notMatch(JSON.stringify((await readChat(app, b, matchId)).json()), /media:users/, 'never a stored reference');
  for (const url of [seen.photo_url, seen.photo_thumbnail_url, message.photo_url, message.photo_thumbnail_url]) {
    t.equal((await fetchUrl(app, url)).statusCode, 200, 'both members load both sizes');
  }
  t.equal(
    (await fetchUrl(app, signer.sign(fullKey, lilith.userId))).statusCode,
    404,
    'another member, even with a valid signed URL, gets nothing',
  );
  const preview = derivativeKeyOf(a.userId, uploadId, 'preview');
  t.equal((await fetchUrl(app, signer.sign(preview, lilith.userId))).statusCode, 404, 'nor any other size');

  const photoOnly = await sendMessage(app, b, matchId, { uploadId: await approvedChatPhoto(app, db, media, b) });
  t.equal(photoOnly.statusCode, 201, 'a photo without text');
  t.equal(photoOnly.json().message.message, '');

  t.test('refused photos store nothing and bind nothing', async (t) => {
    const before = await messageCount(db);
    const refuse = async (id: string, status: number, error: string, label: string) => {
      const response = await sendMessage(app, a, matchId, { message: 'with a photo', uploadId: id });
      t.equal(response.statusCode, status, `${label}: ${response.body}`);
      t.equal(response.json().error, error, label);
    };
    await refuse(uploadId, 400, 'This photo has already been sent. Upload it again to send it in another message.', 'already sent');
    const evesPhoto = await approvedChatPhoto(app, db, media, b);
    await refuse(evesPhoto, 404, 'Photo not found.', 'someone else’s upload');
    t.equal(await matchOfUpload(db, evesPhoto), null, 'which stays unbound');
    await refuse(unknownUploadId(), 404, 'Photo not found.', 'an upload that never existed');
    const pending = await pendingChatPhoto(app, a);
    await refuse(pending, 400, 'This photo is still being checked. Send it once it is approved.', 'not reviewed yet');
    await db.execute(
      sql`update uploads set state = 'rejected', rejection_reason = 'Photo was rejected by moderation' where id = ${pending}`,
    );
    await refuse(pending, 400, 'This photo was not approved, so it cannot be sent.', 'rejected');
    const profilePhoto = await uploadPhoto(app, a, 'photo2', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    await refuse(profilePhoto, 400, 'Only a photo uploaded for a chat can be sent in a chat.', 'a profile photo');
    t.equal(await matchOfUpload(db, pending), null);
    t.equal(await messageCount(db), before, 'no message was stored');
  });

  t.test('unmatching removes the photos: files, rows and URLs', async (t) => {
    const keys = (['thumbnail', 'preview', 'full'] as const).map((size) => derivativeKeyOf(a.userId, uploadId, size));
    const stillSent = await approvedChatPhoto(app, db, media, a);
    t.equal((await post(app, b, `/api/v1/match/unmatch/${a.profileId}/`)).statusCode, 200);
    // The match is gone at once, so the URLs stop working before the files are even removed.
    t.equal((await fetchUrl(app, message.photo_url)).statusCode, 404, 'the sender’s own URL');
    t.equal((await fetchUrl(app, seen.photo_url)).statusCode, 404, 'the recipient’s');
    await waitFor(async () => (await media.size(keys[2])) === null, 10_000, 'chat-cleanup to remove the files');
    for (const key of keys) t.equal(await media.size(key), null, `${key} is gone`);
    await waitFor(async () => (await matchOfUpload(db, uploadId)) === null, 10_000, 'the upload rows to go');
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from uploads where id = ${uploadId}`);
    t.equal(n, 0, 'the upload row is gone');
    t.ok((await media.size(derivativeKeyOf(a.userId, stillSent, 'full'))) !== null, 'an unsent chat photo is not touched');
  });
});
