/** Each filter family maps to the right profile column, in the right units. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { FILTER_DEFAULTS, FILTER_MESSAGES } from '../../contract/filters.ts';
import { buildTestApp } from '../../test/app.ts';
import { ageBounds, heightCmBounds, weightKgCeiling } from './discovery.conditions.ts';
import { discover, discoveredNames, get, man, type Member, saveFilters, woman } from '../../test/members.ts';

t.test('unit conversions behind the SQL bounds', async (t) => {
  // 178 cm = 70.08 in is shown as 5' 10" (70 in), so it passes "up to 70 in"; 179 cm = 70.47 in too; 180 cm = 70.87 does not.
  t.same(heightCmBounds({ min: 70, max: 70 }), { from: 177, to: 179 });
  t.same(heightCmBounds({ min: 48, max: 60 }), { from: 121, to: 153 });
  // 68 kg = 149.9 lbs (shown 150) passes "up to 150 lbs"; 69 kg = 152.1 lbs does not.
  t.equal(weightKgCeiling(150), 68);
  t.equal(weightKgCeiling(10), null, 'lighter than any storable weight');
  const today = new Date('2026-06-15T12:00:00Z');
  t.same(ageBounds(30, today), { bornAfterOrOn: '1995-06-16', bornOnOrBefore: '2008-06-15' }, 'age 30 = born 1995-06-16 .. 1996-06-15');
  t.equal(ageBounds(100, today).bornAfterOrOn, null, 'maxAge 100 is off');
});

t.test('filters on the server', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const names = (query: string) => discoveredNames(app, adam, query).then((list) => list.sort());

  const year = new Date().getUTCFullYear();
  await woman(
    app,
    db,
    {
      date_of_birth: `${year - 25}-01-01`,
      height: 160,
      weight: 55,
      face_self_rating: 8,
      native_language: 'Spanish',
      minimum_betrothal_gift_price: 1000,
      religion: 'Jewish',
      education: 'Master',
      tattoos: ['No tattoos'],
      pets_at_home: ['Dog(s)', 'Cat(s)'],
      yacht_owner: true,
      cookbook: false,
    },
    'young',
  );
  await woman(
    app,
    db,
    {
      date_of_birth: `${year - 50}-01-01`,
      home_state: 'New York',
      home_city: 'New York City',
      height: 180,
      weight: 80,
      face_self_rating: 4,
      native_language: 'English',
      minimum_betrothal_gift_price: 50000,
      religion: 'Hindu',
      education: 'Bachelor',
      tattoos: ['Small hidden tattoo(s)', 'Face or neck tattoo(s)'],
      pets_at_home: ['Fish'],
      yacht_owner: false,
    },
    'older',
  );
  await woman(app, db, { home_country: 'Canada', home_state: '', home_city: 'Toronto', date_of_birth: `${year - 35}-06-01` }, 'canadian');

  t.test('age', async (t) => {
    t.same(await names('maxAge=30'), ['young']);
    t.same(await names('maxAge=60'), ['canadian', 'older', 'young']);
  });
  t.test('distance (miles from the member’s city)', async (t) => {
    t.same(await names('maxDistance=100'), ['young'], 'same city only within 100 mi');
    t.same(await names('maxDistance=1600'), ['canadian', 'older', 'young'], 'Austin-New York ~1500 mi, Toronto ~1350 mi');
    t.same(await names('maxDistance=1400'), ['canadian', 'young']);
  });
  t.test('location names (case-insensitive)', async (t) => {
    t.same(await names('homeCountry=canada'), ['canadian']);
    t.same(await names('homeCountry=United%20States&homeState=Texas'), ['young']);
    t.same(await names('homeCity=New%20York%20City'), ['older']);
  });
  t.test('height range in inches against cm', async (t) => {
    t.same(await names('heightRange.min=60&heightRange.max=66'), ['young'], '160 cm = 63 in');
    t.same(await names('heightRange.min=70&heightRange.max=96'), ['older'], '180 cm = 71 in');
    t.same(await names('heightRange.min=48&heightRange.max=96'), ['canadian', 'older', 'young'], 'the full range is off');
  });
  t.test('face self rating range', async (t) => {
    t.same(await names('faceSelfRating.min=5&faceSelfRating.max=15'), ['young']);
    t.same(
      await names('faceSelfRating.min=1&faceSelfRating.max=15'),
      ['canadian', 'older', 'young'],
      'the full range is off, unrated included',
    );
  });
  t.test('weight up to, lbs against kg', async (t) => {
    t.same(await names('weightUpTo=130'), ['young'], '55 kg = 121 lbs passes, 60 kg = 132 lbs does not');
  });
  t.test('native language', async (t) => {
    t.same(await names('nativeLanguage=Spanish'), ['young']);
  });
  t.test('betrothal-gift ceiling', async (t) => {
    t.same(await names('minimumBetrothalGiftPrice=%2410%2C000'), ['canadian', 'young'], 'no stated minimum passes');
    t.same(await names('minimumBetrothalGiftPrice=Any'), ['canadian', 'older', 'young']);
  });
  t.test('single-select lists: the value is one of the chosen', async (t) => {
    t.same(await names('religion=Jewish&religion=Hindu'), ['older', 'young']);
    t.same(await names('education=Master'), ['young']);
    t.same(await names('kidsDesired=1-2&relationshipStatus=Single'), ['canadian', 'older', 'young']);
  });
  t.test('multi-select lists: one of the values is chosen', async (t) => {
    t.same(await names('tattoos=Face%20or%20neck%20tattoo(s)'), ['older']);
    t.same(await names('petsAtHome=Cat(s)&petsAtHome=Fish'), ['older', 'young']);
  });
  t.test('Yes/No lists against booleans; unanswered never passes', async (t) => {
    t.same(await names('yachtOwner=Yes'), ['young']);
    t.same(await names('yachtOwner=No'), ['older']);
    t.same(await names('yachtOwner=Yes&yachtOwner=No'), ['older', 'young']);
    t.same(await names('cookbook=No'), ['young']);
  });
  t.test('filters combine with AND, saved or in the query', async (t) => {
    t.same(await names('maxAge=60&religion=Hindu&religion=Jewish&nativeLanguage=English'), ['older']);
    t.equal((await saveFilters(app, adam, { religion: ['Hindu', 'Jewish'], heightRange: { min: 48, max: 66 } })).statusCode, 200);
    t.same(await names(''), ['young']);
  });
  t.test('bad values are 400', async (t) => {
    for (const query of [
      'maxAge=17',
      'maxDistance=15',
      'heightRange.min=80&heightRange.max=60',
      'faceSelfRating.min=7',
      'weightUpTo=x',
      'homeState=Texas',
    ]) {
      t.equal((await discover(app, adam, query)).statusCode, 400, query);
    }
  });
});

t.test('verified members only, saved or in the query, on every ordering path', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  // Two in Adam's city (Austin, within the first ring) and two in Toronto: a Canada filter names a
  // country Adam does not live in, so that page comes from the nearest-first walk.
  const toronto = { home_country: 'Canada', home_state: '', home_city: 'Toronto' };
  await woman(app, db, {}, 'near');
  const nearVerified = await woman(app, db, {}, 'near_verified');
  await woman(app, db, toronto, 'far');
  const farVerified = await woman(app, db, toronto, 'far_verified');
  // Verification is the server's own verdict (photo 1 and a live face scan): set it as that does.
  const verify = (member: Member) => db.execute(sql`update profiles set verified = true where id = ${member.profileId}`);
  await verify(nearVerified);
  await verify(farVerified);

  const names = (query: string) => discoveredNames(app, adam, query).then((list) => list.sort());
  /** Pages of one: the ring search and the nearest-first walk can then fill a page on their own. */
  const pageOfOne = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/profiles/?page_size=1&${query}`, headers: adam.auth });
    const page = response.json() as { count: number; results: { username: string; verified: boolean }[] };
    return { count: page.count, results: page.results.map((p) => [p.username, p.verified]) };
  };

  t.test('in the query', async (t) => {
    t.same(await names(''), ['far', 'far_verified', 'near', 'near_verified'], 'off by default');
    t.same(await names('verifiedOnly=Yes'), ['far_verified', 'near_verified']);
    t.same(await names('verifiedOnly=No'), ['far', 'far_verified', 'near', 'near_verified'], 'No is off');
    t.same(await names('verifiedOnly=Yes&homeCity=Austin'), ['near_verified'], 'combines with AND');
  });

  t.test('each way a page is found keeps the flag', async (t) => {
    t.same(await pageOfOne('verifiedOnly=Yes'), { count: 2, results: [['near_verified', true]] }, 'the 100-mile ring');
    t.same(await pageOfOne('verifiedOnly=Yes&page=2'), { count: 2, results: [['far_verified', true]] }, 'the whole set, past the rings');
    t.same(await pageOfOne('verifiedOnly=Yes&homeCountry=Canada'), { count: 1, results: [['far_verified', true]] }, 'nearest first');
  });

  t.test('saved with the other filters', async (t) => {
    const saved = await saveFilters(app, adam, { verifiedOnly: true, maxAge: 60 });
    t.equal(saved.statusCode, 200);
    t.same(saved.json(), { ...FILTER_DEFAULTS, maxAge: 60, verifiedOnly: true });
    t.same((await get(app, adam, '/api/v1/filter_profiles/')).json(), saved.json(), 'answered as saved');
    t.same(await names(''), ['far_verified', 'near_verified'], 'saved filters apply without a query');
    t.same(await pageOfOne(''), { count: 2, results: [['near_verified', true]] }, 'saved, through the ring');
    t.same(await names('maxAge=60'), ['far', 'far_verified', 'near', 'near_verified'], 'a query replaces the saved filters, flag included');
    t.equal((await saveFilters(app, adam, { verifiedOnly: false })).statusCode, 200, 'switched off');
    t.same(await names(''), ['far', 'far_verified', 'near', 'near_verified']);
  });

  t.test('anything but a boolean (body) or Yes/No (query) is a 400', async (t) => {
    for (const value of ['true', 1, 'Yes', [true], { on: true }]) {
      const response = await saveFilters(app, adam, { verifiedOnly: value });
      t.equal(response.statusCode, 400, `body ${JSON.stringify(value)}`);
      t.same(response.json().errors, { verifiedOnly: [FILTER_MESSAGES.notTrueOrFalse] });
    }
    for (const query of [
      'verifiedOnly=1e400',
      'verifiedOnly[]=x',
      'verifiedOnly=true',
      'verifiedOnly=Yes&verifiedOnly=Yes',
      'verifiedOnly[a]=Yes',
      'verifiedOnly.min=1',
    ]) {
      const response = await discover(app, adam, query);
      t.equal(response.statusCode, 400, query);
      t.equal(Object.keys(response.json().errors ?? {}).length, 1, `${query}: one field error`);
    }
  });
});
