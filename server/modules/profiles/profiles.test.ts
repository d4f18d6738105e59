/** Reading profiles: the own profile, another member's (privacy, blocks, likes, distance), completeness. */
import t from 'tap';
import { PROFILE_FIELDS } from '../../contract/profile-fields.ts';
import { ageFromDateOfBirth } from '../../contract/profile-validation.ts';
import { buildTestApp } from '../../test/app.ts';
import { PROFILE_COLUMN_NAMES } from '../../kernel/db/schema/profile-columns.ts';
import { toPublicProfile } from '../members/index.ts';
import { signUp } from '../../test/factories.ts';
import { block, COMPLETE_FORM, getMyProfile, getProfile, like, patchProfile, profileIdOf, setPhoto } from '../../test/profiles.ts';

t.test('every catalogue field has a profile column (username lives on users)', async (t) => {
  for (const field of PROFILE_FIELDS) {
    if (field.name !== 'username') t.ok(PROFILE_COLUMN_NAMES.includes(field.name), field.name);
  }
});

t.test('own profile', async (t) => {
  const { app, db } = await buildTestApp(t);
  const ada = await signUp(app, { username: 'ada', email: 'ada@example.com' });

  t.test('a new member has every field, nulls, chats 0 and their own email', async (t) => {
    const response = await getMyProfile(app, ada);
    t.equal(response.statusCode, 200);
    const body = response.json();
    t.equal(body.id, await profileIdOf(db, ada));
    t.equal(body.user_id, ada.userId);
    t.equal(body.username, 'ada');
    t.equal(body.email, 'ada@example.com');
    t.equal(body.chats, 0);
    t.equal(body.age, null);
    for (const field of PROFILE_FIELDS) t.ok(field.name in body, `has ${field.name}`);
    for (const field of ['phone', 'date_of_birth', 'photo1_url', 'photo5_url', 'location_latitude', 'location_longitude']) {
      t.ok(field in body, `has ${field}`);
    }
    t.notOk('password_hash' in body);
    t.notOk('passwordHash' in body);
    t.notOk('created_at' in body);
  });

  t.test('after a save it carries the values, age and derived coordinates', async (t) => {
    const saved = await patchProfile(app, ada, {
      ...COMPLETE_FORM,
      phone: '+1 555-010-2030',
      tattoos: ['No tattoos'],
      minimum_betrothal_gift_price: 2500.5,
    });
    t.equal(saved.statusCode, 200, saved.body);
    const body = (await getMyProfile(app, ada)).json();
    t.equal(body.phone, '+15550102030');
    t.equal(body.date_of_birth, '1990-05-17');
    t.equal(body.age, ageFromDateOfBirth('1990-05-17', new Date()));
    t.equal(body.home_city, 'Austin');
    t.ok(Math.abs(body.location_latitude - 30.267) < 0.01);
    t.ok(Math.abs(body.location_longitude + 97.743) < 0.01);
    t.same(body.tattoos, ['No tattoos']);
    t.equal(body.minimum_betrothal_gift_price, 2500.5);
    t.equal(body.height, 170);
  });

  t.test('needs a token', async (t) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/my_profile/' });
    t.equal(response.statusCode, 401);
  });
});

t.test("another member's profile", async (t) => {
  const { app, db } = await buildTestApp(t);
  const viewer = await signUp(app);
  const other = await signUp(app, { username: 'grace', email: 'grace@example.com' });
  const blocked = await signUp(app);
  const blocker = await signUp(app);
  for (const member of [viewer, other, blocked, blocker]) {
    await setPhoto(db, member, `/media/${member.userId}/photo1.jpg`);
    const saved = await patchProfile(app, member, { ...COMPLETE_FORM, phone: '+44 20 7946 0958' });
    t.equal(saved.statusCode, 200, saved.body);
  }
  await patchProfile(app, other, { home_state: 'New York', home_city: 'New York City' });
  const otherId = await profileIdOf(db, other);

  for (const route of ['profile', 'profile_by_id']) {
    t.test(`GET /${route}/{id}/ never carries email, phone or date of birth`, async (t) => {
      const response = await getProfile(app, viewer, otherId, route);
      t.equal(response.statusCode, 200);
      const body = response.json();
      t.equal(body.id, otherId);
      t.equal(body.user_id, other.userId);
      t.equal(body.username, 'grace');
      t.equal(body.age, ageFromDateOfBirth(COMPLETE_FORM.date_of_birth, new Date()));
      t.equal(body.home_city, 'New York City');
      for (const hidden of ['email', 'phone', 'date_of_birth', 'chats', 'location_latitude', 'location_longitude']) {
        t.notOk(hidden in body, `no ${hidden}`);
      }
      t.notMatch(response.body, /grace@example\.com|\+442079460958|1990-05-17/);
    });
  }

  t.test('distance is whole miles from the viewer', async (t) => {
    const body = (await getProfile(app, viewer, otherId)).json();
    // Austin to New York City is about 1,515 miles.
    t.ok(Number.isInteger(body.distance));
    t.ok(body.distance > 1450 && body.distance < 1600, String(body.distance));
  });

  t.test('two members in the same city are 1 mile apart, never 0', async (t) => {
    const body = (await getProfile(app, viewer, await profileIdOf(db, blocked))).json();
    t.equal(body.distance, 1);
  });

  t.test('distance is null when either side has no location', async (t) => {
    // Complete profiles always have coordinates (their place is required), so this is the rule
    // itself, as discovery and the profile view apply it.
    const located = { location_latitude: 30.27, location_longitude: -97.74 };
    const nowhere = { location_latitude: null, location_longitude: null };
    t.equal(toPublicProfile({ ...nowhere }, located, false).distance, null);
    t.equal(toPublicProfile({ ...located }, nowhere, false).distance, null);
    t.equal(toPublicProfile({ ...located }, located, false).distance, 1);
  });

  t.test("is_liked follows the viewer's like, not a pass and not the other direction", async (t) => {
    t.equal((await getProfile(app, viewer, otherId)).json().is_liked, false);
    await like(db, other, viewer);
    t.equal((await getProfile(app, viewer, otherId)).json().is_liked, false, 'liked by them is not liked by me');
    const passer = await signUp(app);
    await setPhoto(db, passer, '/media/passer/photo1.jpg');
    await patchProfile(app, passer, COMPLETE_FORM);
    await like(db, passer, other, false);
    t.equal((await getProfile(app, passer, otherId)).json().is_liked, false, 'a pass is not a like');
    await like(db, viewer, other);
    t.equal((await getProfile(app, viewer, otherId)).json().is_liked, true);
  });

  t.test('blocked either way is a 404 on both routes, for both sides', async (t) => {
    await block(db, viewer, blocked);
    await block(db, blocker, viewer);
    for (const route of ['profile', 'profile_by_id']) {
      t.equal((await getProfile(app, viewer, await profileIdOf(db, blocked), route)).statusCode, 404, 'I blocked them');
      t.equal((await getProfile(app, blocked, await profileIdOf(db, viewer), route)).statusCode, 404, 'they see me blocked');
      t.equal((await getProfile(app, viewer, await profileIdOf(db, blocker), route)).statusCode, 404, 'they blocked me');
      t.equal((await getProfile(app, blocker, await profileIdOf(db, viewer), route)).statusCode, 404, 'I see them blocked');
    }
    const response = await getProfile(app, viewer, await profileIdOf(db, blocked));
    t.same(Object.keys(response.json()).sort(), ['code', 'detail', 'error']);
    t.equal((await getProfile(app, other, await profileIdOf(db, blocked))).statusCode, 200, 'others still see them');
  });

  t.test('an incomplete viewer is refused with 403; an incomplete profile is a 404 to others', async (t) => {
    const newcomer = await signUp(app);
    const refused = await getProfile(app, newcomer, otherId);
    t.equal(refused.statusCode, 403);
    t.equal(refused.json().error, 'Please complete your profile to continue');
    const newcomerId = await profileIdOf(db, newcomer);
    t.equal((await getProfile(app, viewer, newcomerId)).statusCode, 404, 'without a photo nobody else sees them');
    await patchProfile(app, newcomer, COMPLETE_FORM);
    t.equal((await getProfile(app, viewer, newcomerId)).statusCode, 404, 'still no photo');
    await setPhoto(db, newcomer, '/media/newcomer/photo1.jpg');
    await patchProfile(app, newcomer, { religion: 'Hindu' });
    t.equal((await getProfile(app, viewer, newcomerId)).statusCode, 200, 'complete: visible');
    await patchProfile(app, newcomer, { religion: '' });
    t.equal((await getProfile(app, viewer, newcomerId)).statusCode, 404, 'a cleared required field hides them again');
  });

  t.test('an unknown id is a 404 and a malformed id a 400', async (t) => {
    t.equal((await getProfile(app, viewer, 999_999)).statusCode, 404);
    for (const id of ['abc', 'Infinity', '-Infinity', '1e400', '1e3', '1.0', '0x10', '%201', '9007199254740993', '-1', '0']) {
      const bad = await app.inject({ method: 'GET', url: `/api/v1/profile/${id}/`, headers: viewer.auth });
      t.equal(bad.statusCode, 400, id);
    }
  });

  t.test('no route writes another profile by id (IDOR)', async (t) => {
    const before = (await getMyProfile(app, other)).json();
    for (const method of ['PATCH', 'PUT', 'POST', 'DELETE'] as const) {
      for (const url of [`/api/v1/profile/${otherId}/`, `/api/v1/profile_by_id/${otherId}/`, `/api/v1/profile_update/${otherId}/`]) {
        const response = await app.inject({ method, url, headers: viewer.auth, payload: { gender: 'Man' } });
        t.equal(response.statusCode, 404, `${method} ${url}`);
      }
    }
    t.same((await getMyProfile(app, other)).json(), before);
  });

  t.test('needs a token', async (t) => {
    t.equal((await app.inject({ method: 'GET', url: `/api/v1/profile/${otherId}/` })).statusCode, 401);
    t.equal((await app.inject({ method: 'GET', url: `/api/v1/profile_by_id/${otherId}/` })).statusCode, 401);
  });
});

t.test('completeness', async (t) => {
  const { app, db } = await buildTestApp(t);
  const member = await signUp(app);
  const completeness = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/profile/completeness/', headers: member.auth });
    if (response.statusCode !== 200) throw new Error(`completeness failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  t.test('a new profile is incomplete and lists what is missing', async (t) => {
    const body = await completeness();
    t.same(Object.keys(body).sort(), ['completion_percentage', 'is_complete', 'missing_fields']);
    t.equal(body.is_complete, false);
    t.equal(body.completion_percentage, 0);
    t.ok(body.missing_fields.includes('gender'));
    t.ok(body.missing_fields.includes('photo1_url'));
    t.notOk(body.missing_fields.includes('home_state'), 'state is only required in the United States');
  });

  t.test('a partial save moves the percentage and the list', async (t) => {
    await patchProfile(app, member, { gender: 'Man', home_country: 'United States' });
    const body = await completeness();
    t.ok(body.completion_percentage > 0 && body.completion_percentage < 100);
    t.notOk(body.missing_fields.includes('gender'));
    t.ok(body.missing_fields.includes('home_state'), 'state becomes required for the United States');
  });

  t.test('after saving the form only the photo is missing; with it the profile is complete', async (t) => {
    await patchProfile(app, member, COMPLETE_FORM);
    let body = await completeness();
    t.same(body.missing_fields, ['photo1_url']);
    t.equal(body.is_complete, false);
    await setPhoto(db, member, '/media/1/photo1.jpg');
    body = await completeness();
    t.same(body, { completion_percentage: 100, is_complete: true, missing_fields: [] });
  });

  t.test('clearing a required field makes it incomplete again', async (t) => {
    await patchProfile(app, member, { religion: '' });
    const body = await completeness();
    t.same(body.missing_fields, ['religion']);
    t.equal(body.is_complete, false);
  });

  t.test('needs a token', async (t) => {
    t.equal((await app.inject({ method: 'GET', url: '/api/v1/profile/completeness/' })).statusCode, 401);
  });
});
