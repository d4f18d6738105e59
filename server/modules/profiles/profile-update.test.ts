/** PATCH /api/v1/profile_update/: every validation rule, all-or-nothing saves, aliases, multi-selects. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { PROFILE_MESSAGES } from '../../contract/profile-validation.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { COMPLETE_FORM, getMyProfile, patchProfile } from '../../test/profiles.ts';
import { PROFILE_SERVICE_MESSAGES } from './profiles.service.ts';

/** 'YYYY-MM-DD' of today (UTC) moved back by whole years and days. */
function yearsAgo(years: number, days = 0): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

t.test('profile update', async (t) => {
  const { app, db } = await buildTestApp(t);
  const member = await signUp(app, { username: 'lovelace', email: 'lovelace@example.com' });
  const snapshot = async () => {
    const [row] = await db.execute(
      sql`select p.*, u.username from profiles p join users u on u.id = p.user_id where p.user_id = ${member.userId}`,
    );
    const { updated_at: _ignored, ...rest } = row as Record<string, unknown>;
    return rest;
  };

  t.test('saves the cleaned form and answers the own profile', async (t) => {
    const response = await patchProfile(app, member, { ...COMPLETE_FORM, cookbook: true, yacht_owner: false, face_self_rating: 8 });
    t.equal(response.statusCode, 200, response.body);
    const body = response.json();
    t.equal(body.gender, 'Woman');
    t.equal(body.cookbook, true);
    t.equal(body.yacht_owner, false);
    t.equal(body.face_self_rating, 8);
    t.equal(body.email, 'lovelace@example.com');
  });

  const rejected: Array<[string, Record<string, unknown>, string, string]> = [
    ['an unknown field', { favourite_colour: 'blue' }, 'favourite_colour', PROFILE_MESSAGES.unknownField],
    ['a read-only field (email)', { email: 'x@example.com' }, 'email', PROFILE_MESSAGES.readOnly],
    ['a read-only field (chats)', { chats: 100 }, 'chats', PROFILE_MESSAGES.readOnly],
    ['sent coordinates', { location_latitude: 1.5 }, 'location_latitude', PROFILE_MESSAGES.readOnly],
    ['a photo url', { photo1_url: 'http://evil.example/x.jpg' }, 'photo1_url', PROFILE_MESSAGES.readOnly],
    ['an unknown option', { gender: 'Robot' }, 'gender', PROFILE_MESSAGES.notAnOption('Robot')],
    ['an unknown numeric option', { face_self_rating: 7 }, 'face_self_rating', PROFILE_MESSAGES.notAnOption(7)],
    ['an unknown multi-select option', { piercings: 'Nose piercing, Eyebrow' }, 'piercings', PROFILE_MESSAGES.notAnOption('Eyebrow')],
    [
      'a none option with others',
      { tattoos: ['No tattoos', 'Small hidden tattoo(s)'] },
      'tattoos',
      PROFILE_MESSAGES.noneAlone('No tattoos'),
    ],
    ['a multi-select that is neither list nor text', { pets_at_home: 3 }, 'pets_at_home', PROFILE_MESSAGES.notList],
    ['height above range', { height: 300 }, 'height', PROFILE_MESSAGES.between(90, 250)],
    ['height below range', { height: 89 }, 'height', PROFILE_MESSAGES.between(90, 250)],
    ['a fractional height', { height: 170.5 }, 'height', PROFILE_MESSAGES.notWholeNumber],
    ['weight out of range', { weight: 29 }, 'weight', PROFILE_MESSAGES.between(30, 300)],
    ['a fractional weight', { weight: 60.2 }, 'weight', PROFILE_MESSAGES.notWholeNumber],
    ['a number sent as text', { weight: '60' }, 'weight', PROFILE_MESSAGES.notNumber],
    ['a numeric option sent as text', { face_self_rating: '8' }, 'face_self_rating', PROFILE_MESSAGES.notAnOption('8')],
    ['a yes/no sent as text', { cookbook: 'true' }, 'cookbook', PROFILE_MESSAGES.notBoolean],
    ['a yes/no sent as a word', { yacht_owner: 'Yes' }, 'yacht_owner', PROFILE_MESSAGES.notBoolean],
    ['a non-numeric weight', { weight: 'heavy' }, 'weight', PROFILE_MESSAGES.notNumber],
    [
      'a negative betrothal gift',
      { minimum_betrothal_gift_price: -1 },
      'minimum_betrothal_gift_price',
      PROFILE_MESSAGES.between(0, 100_000_000),
    ],
    ['a non-numeric betrothal gift', { minimum_betrothal_gift_price: '$500' }, 'minimum_betrothal_gift_price', PROFILE_MESSAGES.notNumber],
    ['a boolean that is not yes/no', { cookbook: 'maybe' }, 'cookbook', PROFILE_MESSAGES.notBoolean],
    ['a member younger than 18', { date_of_birth: yearsAgo(18, -1) }, 'date_of_birth', PROFILE_MESSAGES.ageRange],
    ['a member older than 100', { date_of_birth: yearsAgo(101, 1) }, 'date_of_birth', PROFILE_MESSAGES.ageRange],
    ['a date that is not YYYY-MM-DD', { date_of_birth: '17/05/1990' }, 'date_of_birth', PROFILE_MESSAGES.dateFormat],
    ['an impossible date', { date_of_birth: '1990-02-30' }, 'date_of_birth', PROFILE_MESSAGES.dateFormat],
    ['a phone with letters', { phone: '+1 555 CALL NOW' }, 'phone', PROFILE_MESSAGES.phone],
    ['a too short phone', { phone: '12345' }, 'phone', PROFILE_MESSAGES.phone],
    ['a too short username', { username: 'ab' }, 'username', AUTH_MESSAGES.usernameTooShort],
    ['a too long username', { username: 'a'.repeat(33) }, 'username', AUTH_MESSAGES.usernameTooLong],
    ['a username with symbols', { username: 'ada lovelace!' }, 'username', AUTH_MESSAGES.usernameCharacters],
    ['a blank username', { username: '' }, 'username', AUTH_MESSAGES.usernameTooShort],
  ];
  for (const [name, payload, field, message] of rejected) {
    t.test(`rejects ${name} with a 400, an errors map, and saves nothing`, async (t) => {
      const before = await snapshot();
      // A valid change rides along: it must not be saved either.
      const response = await patchProfile(app, member, { native_language: 'French', ...payload });
      t.equal(response.statusCode, 400, response.body);
      const body = response.json();
      t.same(body.errors[field], [message]);
      t.same(Object.keys(body.errors), [field], 'only the bad field is reported');
      t.equal(body.error, message);
      t.same(await snapshot(), before);
    });
  }

  t.test('reports every bad field at once', async (t) => {
    const response = await patchProfile(app, member, { gender: 'Robot', height: 10, nickname: 'x', date_of_birth: yearsAgo(10) });
    t.equal(response.statusCode, 400);
    t.same(Object.keys(response.json().errors).sort(), ['date_of_birth', 'gender', 'height', 'nickname']);
  });

  t.test('the age bounds themselves are allowed (18 today, 100 today)', async (t) => {
    for (const dob of [yearsAgo(18), yearsAgo(100)]) {
      const response = await patchProfile(app, member, { date_of_birth: dob });
      t.equal(response.statusCode, 200, dob);
      t.equal(response.json().date_of_birth, dob);
    }
    await patchProfile(app, member, { date_of_birth: COMPLETE_FORM.date_of_birth });
  });

  t.test('a body that is not an object is a 400', async (t) => {
    const response = await patchProfile(app, member, ['gender', 'Man']);
    t.equal(response.statusCode, 400);
  });

  t.test('alias fields are dropped silently', async (t) => {
    const response = await patchProfile(app, member, {
      city: 'Paris',
      state: 'Ohio',
      country: 'France',
      homeCity: 'Paris',
      homeState: 'Ohio',
      homeCountry: 'France',
      religiosity: 'Medium',
    });
    t.equal(response.statusCode, 200, response.body);
    const body = response.json();
    t.equal(body.religiosity, 'Medium');
    t.equal(body.home_city, 'Austin');
    t.equal(body.home_country, 'United States');
    for (const alias of ['city', 'state', 'country', 'homeCity', 'homeState', 'homeCountry']) t.notOk(alias in body);
  });

  t.test('multi-select accepts a list or a comma-separated string; empty clears it', async (t) => {
    let body = (
      await patchProfile(app, member, { piercings: 'Ear piercing(s), Nose piercing', pets_at_home: ['Dog(s)', 'Cat(s)'] })
    ).json();
    t.same(body.piercings, ['Ear piercing(s)', 'Nose piercing']);
    t.same(body.pets_at_home, ['Dog(s)', 'Cat(s)']);
    body = (await patchProfile(app, member, { piercings: 'No piercings' })).json();
    t.same(body.piercings, ['No piercings']);
    body = (await patchProfile(app, member, { piercings: '', pets_at_home: [] })).json();
    t.equal(body.piercings, null);
    t.equal(body.pets_at_home, null);
  });

  t.test('empty strings are saved as null; untouched fields stay', async (t) => {
    const body = (await patchProfile(app, member, { religiosity: '', cookbook: '   ' })).json();
    t.equal(body.religiosity, null);
    t.equal(body.cookbook, null);
    t.equal(body.gender, 'Woman');
  });

  t.test('the betrothal gift is a number kept to the cent', async (t) => {
    t.equal((await patchProfile(app, member, { minimum_betrothal_gift_price: 1500 })).json().minimum_betrothal_gift_price, 1500);
    t.equal((await patchProfile(app, member, { minimum_betrothal_gift_price: 99.999 })).json().minimum_betrothal_gift_price, 100);
    t.equal((await patchProfile(app, member, { minimum_betrothal_gift_price: null })).json().minimum_betrothal_gift_price, null);
  });

  t.test('height and weight are whole cm and kg', async (t) => {
    const body = (await patchProfile(app, member, { height: 182, weight: 75 })).json();
    t.equal(body.height, 182);
    t.equal(body.weight, 75);
  });
});

t.test('username changes', async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app, { username: 'first_name' });
  await signUp(app, { username: 'Taken_Name' });

  t.test('a name another member has, in any case, is refused', async (t) => {
    const response = await patchProfile(app, member, { username: 'taken_name' });
    t.equal(response.statusCode, 400);
    t.same(response.json().errors.username, [AUTH_MESSAGES.usernameTaken]);
  });

  t.test('changing the case of the own name is allowed', async (t) => {
    const response = await patchProfile(app, member, { username: 'First_Name' });
    t.equal(response.statusCode, 200);
    t.equal(response.json().username, 'First_Name');
  });

  t.test('a new free name is saved and signs in', async (t) => {
    const response = await patchProfile(app, member, { username: '  new_name  ' });
    t.equal(response.statusCode, 200);
    t.equal(response.json().username, 'new_name');
    const signin = await app.inject({
      method: 'POST',
      url: '/api/v1/signin/',
      payload: { username: 'new_name', password: member.password },
    });
    t.equal(signin.statusCode, 200);
  });
});

t.test('phone numbers', async (t) => {
  const { app } = await buildTestApp(t);
  const members = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));

  t.test('is optional and normalised to +digits; empty clears it', async (t) => {
    t.equal((await patchProfile(app, members[0], { phone: '+1 555-010-9999' })).json().phone, '+15550109999');
    t.equal((await patchProfile(app, members[0], { phone: '' })).json().phone, null);
  });

  t.test('at most 5 accounts share one phone', async (t) => {
    for (const member of members.slice(0, 5)) {
      const response = await patchProfile(app, member, { phone: '+44 20 7946 0000' });
      t.equal(response.statusCode, 200, response.body);
    }
    const sixth = await patchProfile(app, members[5], { phone: '+442079460000' });
    t.equal(sixth.statusCode, 400);
    t.same(sixth.json().errors.phone, [PROFILE_SERVICE_MESSAGES.phoneLimit]);
    t.equal((await getMyProfile(app, members[5])).json().phone, null);
    const again = await patchProfile(app, members[0], { phone: '+44 20 7946 0000', gender: 'Man' });
    t.equal(again.statusCode, 200, 'one of the five saves again with the same phone');
  });

  t.test('concurrent saves cannot make a 6th', async (t) => {
    const others = await Promise.all(Array.from({ length: 7 }, () => signUp(app)));
    const results = await Promise.all(others.map((member) => patchProfile(app, member, { phone: '+1 202 555 0143' })));
    t.equal(results.filter((r) => r.statusCode === 200).length, 5);
    t.equal(results.filter((r) => r.statusCode === 400).length, 2);
  });
});

t.test('a member changes only their own data (IDOR)', async (t) => {
  const { app, db } = await buildTestApp(t);
  const alice = await signUp(app);
  const mallory = await signUp(app);
  await patchProfile(app, alice, COMPLETE_FORM);
  const aliceBefore = (await getMyProfile(app, alice)).json();

  t.test('ids in the body are refused, not followed', async (t) => {
    for (const payload of [
      { id: aliceBefore.id, gender: 'Man' },
      { user_id: alice.userId, gender: 'Man' },
    ]) {
      const response = await patchProfile(app, mallory, payload);
      t.equal(response.statusCode, 400);
      t.same(Object.values(response.json().errors), [[PROFILE_MESSAGES.readOnly]]);
    }
    t.same((await getMyProfile(app, alice)).json(), aliceBefore);
  });

  t.test("a save changes the caller's profile only", async (t) => {
    const response = await patchProfile(app, mallory, { gender: 'Man', username: 'mallory_new' });
    t.equal(response.statusCode, 200);
    t.equal(response.json().user_id, mallory.userId);
    t.same((await getMyProfile(app, alice)).json(), aliceBefore);
    const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles where gender = 'Man'`);
    t.equal(row.n, 1);
  });

  t.test('needs a token', async (t) => {
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/profile_update/', payload: { gender: 'Man' } });
    t.equal(response.statusCode, 401);
  });
});

t.test("a member's weight in pounds comes back as typed", async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app, { username: 'pounds' });
  const save = async (payload: Record<string, unknown>) => {
    const response = await patchProfile(app, member, payload);
    t.equal(response.statusCode, 200, response.body);
    return response.json() as { weight: number | null; weight_lb: number | null };
  };
  t.match(await save({ weight_lb: 135 }), { weight: 61, weight_lb: 135 }, 'the pounds decide the kilograms: 135 lb is 61 kg');
  t.match(await save({ weight: 61, weight_lb: 135 }), { weight: 61, weight_lb: 135 }, 'as the form sends them, both');
  t.match(await save({ height: 170 }), { weight: 61, weight_lb: 135 }, 'a save without the weight keeps both');
  t.match(await save({ weight: 61 }), { weight: 61, weight_lb: 135 }, 'the same kilograms keep the pounds');
  t.match(await save({ weight: 70 }), { weight: 70, weight_lb: null }, 'other kilograms drop pounds that no longer fit');
  t.match(await save({ weight_lb: 134 }), { weight: 61, weight_lb: 134 });
  t.match(await save({ weight: 62, weight_lb: null }), { weight: 62, weight_lb: null }, 'typed in kilograms: no pounds');

  const disagree = await patchProfile(app, member, { weight: 70, weight_lb: 135 });
  t.equal(disagree.statusCode, 400);
  t.same(disagree.json().errors, { weight_lb: ['Must be the same weight as the kilograms sent (61 kg)'] });
  for (const bad of [65, 662, 135.5, '135']) {
    const answer = await patchProfile(app, member, { weight_lb: bad });
    t.equal(answer.statusCode, 400, `${JSON.stringify(bad)} is refused`);
  }
  t.match((await getMyProfile(app, member)).json(), { weight: 62, weight_lb: null }, 'nothing refused was saved');
});
