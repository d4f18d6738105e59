/** POST /api/v1/profile/delete/: the account and everything of it go, for good, at once. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import t from 'tap';
import { eventPayloadProblems } from '../../kernel/events/contracts.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp, type TestMember } from '../../test/factories.ts';
import { block, COMPLETE_FORM, getMyProfile, getProfile, like, patchProfile, profileIdOf, setPhoto } from '../../test/profiles.ts';
import { mediaFolderOf, PROFILE_DELETED_SUBJECT } from './profiles.service.ts';

const deleteProfile = (app: Parameters<typeof getMyProfile>[0], member: TestMember) =>
  app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: member.auth });

t.test('profile deletion', async (t) => {
  const { app, db } = await buildTestApp(t);
  const leaving = await signUp(app, { username: 'leaving', email: 'leaving@example.com' });
  const staying = await signUp(app);
  const third = await signUp(app);
  for (const member of [leaving, staying, third]) {
    await setPhoto(db, member, `/media/${member.userId}/photo1.jpg`);
    await patchProfile(app, member, { ...COMPLETE_FORM, phone: '+1 555 010 7777' });
  }
  await like(db, leaving, staying);
  await like(db, staying, leaving);
  await like(db, third, staying);
  await block(db, leaving, third);
  await block(db, third, leaving);
  await block(db, staying, third);
  const leavingProfileId = await profileIdOf(db, leaving);

  // A second device of the same member.
  const signin = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'leaving', password: leaving.password } });
  const secondDevice = { authorization: `Token ${signin.json().token}` };

  const mediaFolder = mediaFolderOf(app.config.mediaDir, leaving.userId);
  await mkdir(path.join(mediaFolder, 'photos'), { recursive: true });
  await writeFile(path.join(mediaFolder, 'photos', 'photo1.jpg'), 'jpeg bytes');
  const otherFolder = mediaFolderOf(app.config.mediaDir, staying.userId);
  await mkdir(otherFolder, { recursive: true });
  await writeFile(path.join(otherFolder, 'photo1.jpg'), 'jpeg bytes');

  const count = async (query: ReturnType<typeof sql>) => (await db.execute<{ n: number }>(query))[0].n;

  t.test('answers 200 with a detail', async (t) => {
    const response = await deleteProfile(app, leaving);
    t.equal(response.statusCode, 200, response.body);
    t.same(response.json(), { detail: 'Profile deleted successfully' });
  });

  t.test('every session stops working at once', async (t) => {
    t.equal((await getMyProfile(app, leaving)).statusCode, 401);
    t.equal((await app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: secondDevice })).statusCode, 401);
    t.equal((await deleteProfile(app, leaving)).statusCode, 401, 'a second delete is not possible');
    t.equal(await count(sql`select count(*)::int as n from sessions where user_id = ${leaving.userId}`), 0);
  });

  t.test("account, profile, likes and blocks of the member are gone; nobody else's", async (t) => {
    t.equal(await count(sql`select count(*)::int as n from users where id = ${leaving.userId}`), 0);
    t.equal(await count(sql`select count(*)::int as n from profiles where user_id = ${leaving.userId}`), 0);
    t.equal(
      await count(
        sql`select count(*)::int as n from likes where from_profile_id = ${leavingProfileId} or to_profile_id = ${leavingProfileId}`,
      ),
      0,
    );
    t.equal(
      await count(
        sql`select count(*)::int as n from blocks where blocker_user_id = ${leaving.userId} or blocked_user_id = ${leaving.userId}`,
      ),
      0,
    );
    t.equal(await count(sql`select count(*)::int as n from likes`), 1, "the others' like stays");
    t.equal(await count(sql`select count(*)::int as n from blocks`), 1, "the others' block stays");
    t.equal((await getMyProfile(app, staying)).statusCode, 200);
  });

  t.test('the media folder is removed; other members keep theirs', async (t) => {
    t.notOk(existsSync(mediaFolder));
    t.ok(existsSync(path.join(otherFolder, 'photo1.jpg')));
  });

  t.test('the profile is a 404 for others', async (t) => {
    t.equal((await getProfile(app, staying, leavingProfileId)).statusCode, 404);
    t.equal((await getProfile(app, staying, leavingProfileId, 'profile_by_id')).statusCode, 404);
  });

  t.test('a profiles.deleted event is written in the same transaction', async (t) => {
    const rows = await db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from outbox where subject = ${PROFILE_DELETED_SUBJECT}`,
    );
    t.equal(rows.length, 1);
    t.equal(eventPayloadProblems(PROFILE_DELETED_SUBJECT, rows[0].payload).length, 0, 'matches the event contract');
    t.match(rows[0].payload, { userId: leaving.userId, profileId: leavingProfileId, deletedAt: String });
  });

  t.test('the credentials no longer sign in; name, email and phone are free again', async (t) => {
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      payload: { username: 'leaving', password: leaving.password },
    });
    t.equal(again.statusCode, 400);
    const reborn = await signUp(app, { username: 'leaving', email: 'leaving@example.com' });
    t.not(reborn.userId, leaving.userId);
    const body = (await getMyProfile(app, reborn)).json();
    t.equal(body.gender, null, 'a new account starts empty');
  });

  t.test('a member without a media folder is deleted too', async (t) => {
    const fresh = await signUp(app);
    t.notOk(existsSync(mediaFolderOf(app.config.mediaDir, fresh.userId)));
    t.equal((await deleteProfile(app, fresh)).statusCode, 200);
    t.equal((await getMyProfile(app, fresh)).statusCode, 401);
  });

  t.test('needs a token', async (t) => {
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/' })).statusCode, 401);
  });
});

t.test('a member can only delete their own account (IDOR)', async (t) => {
  const { app, db } = await buildTestApp(t);
  const alice = await signUp(app);
  const mallory = await signUp(app);
  const aliceProfileId = await profileIdOf(db, alice);
  // The route takes no id; an id in the body or query is ignored, never followed.
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/profile/delete/?id=${aliceProfileId}&user_id=${alice.userId}`,
    headers: mallory.auth,
    payload: { id: aliceProfileId, user_id: alice.userId },
  });
  t.equal(response.statusCode, 200);
  t.equal((await getMyProfile(app, alice)).statusCode, 200, 'alice is untouched');
  t.equal((await getMyProfile(app, mallory)).statusCode, 401, 'mallory deleted herself');
});
