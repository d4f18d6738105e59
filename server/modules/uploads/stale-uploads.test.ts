/**
 * The stale-upload sweep removes a day-old chat photo nobody sent and a day-old upload whose file
 * never came, with their files; it keeps sent chat photos, profile photos and anything younger.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { derivativeKeyOf, type MediaStore, originalKeyOf } from '../../kernel/media/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { approvedChatPhoto, CHAT_WORKERS, chattingPair, sendMessage } from '../../test/chat.ts';
import { createUpload } from '../../test/uploads.ts';
import { STALE_UPLOAD_HOURS, sweepStaleUploads } from './stale-uploads.ts';

const backdate = (db: Db, uploadId: string, hours: number) =>
  db.execute(sql`update uploads set created_at = now() - make_interval(hours => ${hours}) where id = ${uploadId}`);

const exists = async (db: Db, uploadId: string) => (await db.execute(sql`select 1 from uploads where id = ${uploadId}`)).length === 1;

const quietLog = { info: () => {}, warn: () => {} };

async function stored(media: MediaStore, keys: string[]): Promise<boolean[]> {
  return Promise.all(keys.map(async (key) => (await media.size(key)) !== null));
}

t.test('a day-old unsent chat photo and an abandoned upload go, with their files; the rest stays', async (t) => {
  const { app, db, media } = await buildTestApp(t, CHAT_WORKERS);
  const { a, matchId } = await chattingPair(app, db, ['adam', 'eve']);

  const unsent = await approvedChatPhoto(app, db, media, a);
  const sent = await approvedChatPhoto(app, db, media, a);
  t.equal((await sendMessage(app, a, matchId, { message: 'sent', uploadId: sent })).statusCode, 201);
  const fresh = await approvedChatPhoto(app, db, media, a);
  const abandoned = await createUpload(app, a, { fieldName: 'photo2', contentType: 'image/jpeg', contentLength: 1000 });
  t.equal(abandoned.statusCode, 201);
  const abandonedId = (abandoned.json() as { uploadId: string }).uploadId;
  for (const id of [unsent, sent, abandonedId]) await backdate(db, id, STALE_UPLOAD_HOURS + 1);
  await backdate(db, fresh, STALE_UPLOAD_HOURS - 1);

  const filesOf = (id: string) => [
    originalKeyOf(a.userId, id),
    derivativeKeyOf(a.userId, id, 'thumbnail'),
    derivativeKeyOf(a.userId, id, 'preview'),
    derivativeKeyOf(a.userId, id, 'full'),
  ];
  t.same(await stored(media, filesOf(unsent)), [true, true, true, true], 'the unsent photo has its files before the sweep');

  t.equal(await sweepStaleUploads({ db, media, log: quietLog }), 2, 'two uploads swept');
  t.notOk(await exists(db, unsent), 'the unsent chat photo is gone');
  t.same(await stored(media, filesOf(unsent)), [false, false, false, false], 'and every file of it');
  t.notOk(await exists(db, abandonedId), 'the upload whose file never came is gone');
  t.ok(await exists(db, sent), 'a sent chat photo stays');
  t.same(await stored(media, filesOf(sent).slice(1)), [true, true, true], 'with its files');
  t.ok(await exists(db, fresh), 'an unsent photo younger than a day stays');
  t.equal(await sweepStaleUploads({ db, media, log: quietLog }), 0, 'a second sweep finds nothing');
});
