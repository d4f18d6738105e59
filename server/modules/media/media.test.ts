/**
 * Signed photo URLs: a photo reference in any answer becomes a URL for the member who asked;
 * the URL works for that member while the owner stays visible to them (no block either way,
 * account and complete profile still there), expires, cannot be altered, and never reaches a
 * file that is not a served size (an original with its GPS, a face scan).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { createMediaUrlSigner, type MediaStore, photoRefOf } from '../../kernel/media/index.ts';
import { resolveReferences } from '../../plugins/media-references.ts';
import { buildTestApp } from '../../test/app.ts';
import { discover, man, type Member, woman } from '../../test/members.ts';
import { block, getMyProfile, getProfile, setPhoto } from '../../test/profiles.ts';

const JPEG = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a05050' } })
  .jpeg()
  .toBuffer();

/** Gives `member` a stored photo 1, as moderation leaves it; returns its preview key. */
async function givePhoto(db: Db, media: MediaStore, member: Member): Promise<string> {
  const key = `users/${member.userId}/uploads/${randomUUID()}/preview.jpg`;
  await media.put(key, JPEG, 'image/jpeg');
  await setPhoto(db, member, photoRefOf(key));
  return key;
}

const fetchUrl = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

t.test('a photo URL works for the viewer it was signed for, and only while the owner is visible', async (t) => {
  const { app, db, media, jwtSecret } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  await givePhoto(db, media, eve);

  const ownUrl = (await getMyProfile(app, eve)).json().photo1_url as string;
  t.match(ownUrl, /^\/api\/v1\/media\//, 'the owner gets a signed URL');
  t.equal((await fetchUrl(app, ownUrl)).statusCode, 200, 'and can load it');

  const seen = (await getProfile(app, adam, eve.profileId)).json().photo1_url as string;
  t.match(seen, /^\/api\/v1\/media\//, 'another member gets a URL of their own');
  t.not(seen, ownUrl, 'signed for the viewer, so not the same URL');
  const served = await fetchUrl(app, seen);
  t.equal(served.statusCode, 200);
  t.same(served.rawPayload, JPEG);
  const cards = (await discover(app, adam)).json();
  t.match(JSON.stringify(cards), /\/api\/v1\/media\//, 'discovery cards carry signed URLs too');
  t.notMatch(JSON.stringify(cards), /media:users/, 'and never a stored reference');

  await block(db, eve, adam);
  t.equal((await fetchUrl(app, seen)).statusCode, 404, 'a block ends access to URLs handed out earlier');
  t.equal((await fetchUrl(app, ownUrl)).statusCode, 200, 'the owner still sees her own photo');
  await db.execute(sql`delete from blocks`);
  t.equal((await fetchUrl(app, seen)).statusCode, 200, 'unblocked, it works again');
  await block(db, adam, eve);
  t.equal((await fetchUrl(app, seen)).statusCode, 404, 'blocked the other way too');
  await db.execute(sql`delete from blocks`);

  await db.execute(sql`update profiles set is_complete = false where user_id = ${eve.userId}`);
  t.equal((await fetchUrl(app, seen)).statusCode, 404, 'an incomplete profile is hidden, photos included');
  await db.execute(sql`update profiles set is_complete = true where user_id = ${eve.userId}`);

  t.test('expired, altered, or for a file that is never served', async (t) => {
    const signer = createMediaUrlSigner(jwtSecret);
    const key = (
      await db.execute<{ photo1_url: string }>(sql`select photo1_url from profiles where user_id = ${eve.userId}`)
    )[0].photo1_url.slice('media:'.length);
    const old = signer.sign(key, adam.userId, new Date(Date.now() - 3 * 3600_000));
    const expired = await fetchUrl(app, old);
    t.equal(expired.statusCode, 403, 'three hours later the URL has expired');
    t.equal(expired.json().error, 'This photo link has expired. Reload the page to get a new one.');

    const token = seen.slice('/api/v1/media/'.length);
    const [payload, seal] = token.split('.');
    const forgedPayload = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(`|${adam.userId}|`, `|${eve.userId}|`)).toString(
      'base64url',
    );
    t.equal(
      (await fetchUrl(app, `/api/v1/media/${forgedPayload}.${seal}`)).statusCode,
      404,
      'another viewer in the payload breaks the seal',
    );
    const flipped = seal[0] === 'A' ? `B${seal.slice(1)}` : `A${seal.slice(1)}`;
    t.equal((await fetchUrl(app, `/api/v1/media/${payload}.${flipped}`)).statusCode, 404, 'an altered seal');
    t.equal((await fetchUrl(app, `/api/v1/media/${payload}`)).statusCode, 400, 'no seal at all');
    const otherSecret = createMediaUrlSigner('x'.repeat(64)).sign(key, adam.userId);
    t.equal((await fetchUrl(app, otherSecret)).statusCode, 404, 'signed with another secret');

    const original = key.replace('preview.jpg', 'original');
    await media.put(original, JPEG, 'image/jpeg');
    t.equal((await fetchUrl(app, signer.sign(original, eve.userId))).statusCode, 404, 'an original is never served, even to its owner');
    const frame = `users/${eve.userId}/face-scans/${randomUUID()}/frame-0.jpg`;
    await media.put(frame, JPEG, 'image/jpeg');
    t.equal((await fetchUrl(app, signer.sign(frame, eve.userId))).statusCode, 404, 'nor a face scan frame');
  });

  t.test('a deleted account takes its photos with it', async (t) => {
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: eve.auth })).statusCode, 200);
    t.equal((await fetchUrl(app, seen)).statusCode, 404);
  });
});

t.test('only photo fields are signed: text that reads like a reference stays text', async (t) => {
  const sign = (key: string) => `signed:${key}`;
  const answer = {
    photo1_url: 'media:users/1/a.jpg',
    message: 'media:users/1/a.jpg',
    nested: [{ photo_url: 'media:users/2/b.jpg', note: 'media:x' }],
    plain: '/placeholder-profile.svg',
  };
  t.same(resolveReferences(answer, sign), {
    photo1_url: 'signed:users/1/a.jpg',
    message: 'media:users/1/a.jpg',
    nested: [{ photo_url: 'signed:users/2/b.jpg', note: 'media:x' }],
    plain: '/placeholder-profile.svg',
  });
  const untouched = { photo1_url: '/placeholder-profile.svg', list: [1, 2] };
  t.equal(resolveReferences(untouched, sign), untouched, 'nothing to sign: the same object comes back');
  t.same(
    resolveReferences({ photo1_url: 'media:users/1/a.jpg' }, () => null),
    { photo1_url: null },
    'nobody to sign for: null',
  );
});
