/** Discovery: who is shown (gender rule, exclusions), in which order, pages, and saved filters. */
import { eq } from 'drizzle-orm';
import t from 'tap';
import { FILTER_DEFAULTS } from '../../contract/filters.ts';
import { profiles } from '../../kernel/db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { block, COMPLETE_FORM, patchProfile, setPhoto } from '../../test/profiles.ts';
import { discover, discoveredNames, get, likeProfile, man, saveFilters, woman } from '../../test/members.ts';

t.test('the gender rule', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  await woman(app, db, {}, 'lilith');
  await man(app, db, {}, 'abel');

  t.same((await discoveredNames(app, adam)).sort(), ['eve', 'lilith'], 'a man sees women');
  t.same((await discoveredNames(app, eve)).sort(), ['abel', 'adam'], 'a woman sees men');

  const nobody = await signUp(app, { username: 'nobody' });
  const response = await discover(app, nobody);
  t.equal(response.statusCode, 400, 'no gender: 400');
  t.match(response.json().error, /Gender is required/);

  const incomplete = await signUp(app, { username: 'incomplete' });
  await patchProfile(app, incomplete, { gender: 'Man' });
  const refused = await discover(app, incomplete);
  t.equal(refused.statusCode, 403, 'a gender but an incomplete profile: 403');
  t.equal(refused.json().error, 'Please complete your profile to continue');

  // "Any other member sees Man": a gender outside the catalogue cannot be saved, so set it directly.
  const other = await woman(app, db, {}, 'other_gender');
  await db.update(profiles).set({ gender: 'Other' }).where(eq(profiles.userId, other.userId));
  t.same((await discoveredNames(app, other)).sort(), ['abel', 'adam']);
});

t.test('exclusions: self, blocked either way, incomplete, deleted', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const viewerTwin = await man(app, db, {}, 'twin');
  const blockedByAdam = await woman(app, db, {}, 'blocked_by_adam');
  const blockingAdam = await woman(app, db, {}, 'blocking_adam');
  await woman(app, db, {}, 'visible');
  const deleted = await woman(app, db, {}, 'deleted');
  await block(db, adam, blockedByAdam);
  await block(db, blockingAdam, adam);

  // Incomplete: gender set but no photo, so never complete.
  const incomplete = await signUp(app, { username: 'incomplete' });
  t.equal((await patchProfile(app, incomplete, { ...COMPLETE_FORM, gender: 'Woman' })).statusCode, 200);
  await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: deleted.auth });

  t.same(await discoveredNames(app, adam), ['visible']);
  t.notOk((await discoveredNames(app, viewerTwin)).length === 0, 'others still see the blockers');
  t.same((await discoveredNames(app, blockedByAdam)).sort(), ['twin'], 'the blocked member does not see the blocker');
  t.same((await discoveredNames(app, blockingAdam)).sort(), ['twin'], 'the blocker does not see the blocked member');

  t.test('a profile becomes visible once complete, and hidden again when it is not', async (t) => {
    await setPhoto(db, incomplete, '/media/x/photo1.jpg');
    t.notOk((await discoveredNames(app, adam)).includes('incomplete'), 'a photo written directly does not change the flag');
    t.equal((await patchProfile(app, incomplete, { exercise_frequency: 'Rarely' })).statusCode, 200);
    t.ok((await discoveredNames(app, adam)).includes('incomplete'), 'the next save marks it complete');
    t.equal((await patchProfile(app, incomplete, { religion: '' })).statusCode, 200);
    t.notOk((await discoveredNames(app, adam)).includes('incomplete'), 'clearing a required field hides it');
  });

  t.test('nobody ever sees themselves', async (t) => {
    for (const member of [adam, viewerTwin, blockedByAdam, blockingAdam]) {
      t.notOk((await discoveredNames(app, member)).includes(member.username), member.username);
    }
  });
});

t.test('each result carries age, rounded distance and is_liked, and never private fields', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, { home_city: 'Dallas', date_of_birth: '1995-01-01', phone: '+1 555 123 4567' }, 'eve');
  await likeProfile(app, adam, eve.profileId);
  const [result] = (await discover(app, adam)).json().results;
  t.equal(result.username, 'eve');
  t.equal(result.id, eve.profileId);
  t.equal(result.user_id, eve.userId);
  t.type(result.age, 'number');
  t.ok(result.distance >= 170 && result.distance <= 200, `Austin-Dallas is about 182 mi (got ${result.distance})`);
  t.equal(result.is_liked, true);
  for (const hidden of [
    'email',
    'phone',
    'date_of_birth',
    'chats',
    'location_latitude',
    'location_longitude',
    'is_complete',
    'location_x',
  ]) {
    t.notOk(hidden in result, `no ${hidden}`);
  }
});

t.test('order: unswiped first, then nearer, then newest; swiped ones still come back', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const far = await woman(app, db, { home_state: 'New York', home_city: 'New York City' }, 'far');
  await woman(app, db, { home_city: 'Dallas' }, 'dallas_old');
  await woman(app, db, { home_city: 'Dallas' }, 'dallas_new');
  const near = await woman(app, db, {}, 'austin');
  await woman(app, db, { home_city: 'San Antonio' }, 'san_antonio');

  t.same(await discoveredNames(app, adam), ['austin', 'san_antonio', 'dallas_new', 'dallas_old', 'far']);
  await likeProfile(app, adam, near.profileId);
  await likeProfile(app, adam, far.profileId, false);
  t.same(await discoveredNames(app, adam), ['san_antonio', 'dallas_new', 'dallas_old', 'austin', 'far']);

  // Small pages are found by the nearest-first ring search; they must agree with the full order.
  for (const size of [1, 2, 3]) {
    const names: string[] = [];
    for (let page = 1; page <= Math.ceil(5 / size); page++) {
      const body = (await get(app, adam, `/api/v1/profiles/?page=${page}&page_size=${size}`)).json();
      names.push(...body.results.map((p: { username: string }) => p.username));
    }
    t.same(names, ['san_antonio', 'dallas_new', 'dallas_old', 'austin', 'far'], `pages of ${size}`);
  }
});

t.test('order with a country the member does not live in (the nearest-first index walk)', async (t) => {
  const { app, db } = await buildTestApp(t);
  const toronto = { home_country: 'Canada', home_state: '', home_city: 'Toronto' };
  const adam = await man(app, db, toronto, 'adam');
  await woman(app, db, toronto, 'toronto');
  const nyc = await woman(app, db, { home_state: 'New York', home_city: 'New York City' }, 'nyc');
  await woman(app, db, { home_city: 'Dallas' }, 'dallas_old');
  await woman(app, db, { home_city: 'Dallas' }, 'dallas_new');
  await woman(app, db, {}, 'austin');
  await woman(app, db, { home_city: 'San Antonio' }, 'san_antonio');
  await likeProfile(app, adam, nyc.profileId, false);

  const expected = ['dallas_new', 'dallas_old', 'austin', 'san_antonio', 'nyc'];
  t.same(await discoveredNames(app, adam, 'homeCountry=United%20States'), expected);
  // Pages of every size agree with the full order: ties (one city, one point) by newest, the
  // swiped one last, and pages past the unswiped ones from the whole-set query.
  for (const size of [1, 2, 3]) {
    const names: string[] = [];
    for (let page = 1; page <= Math.ceil(5 / size); page++) {
      const body = (await get(app, adam, `/api/v1/profiles/?homeCountry=United%20States&page=${page}&page_size=${size}`)).json();
      t.equal(body.count, 5);
      names.push(...body.results.map((p: { username: string }) => p.username));
    }
    t.same(names, expected, `pages of ${size}`);
  }
});

t.test('pagination: count, next, previous, page_size cap', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  for (let i = 0; i < 5; i++) await woman(app, db, {}, `woman_${i}`);

  const first = (await get(app, adam, '/api/v1/profiles/?page_size=2')).json();
  t.equal(first.count, 5);
  t.equal(first.results.length, 2);
  t.equal(first.previous, null);
  t.equal(first.next, '/api/v1/profiles/?page=2&page_size=2');
  const second = (await get(app, adam, first.next)).json();
  t.same(second.previous, '/api/v1/profiles/?page=1&page_size=2');
  const third = (await get(app, adam, second.next)).json();
  t.equal(third.results.length, 1);
  t.equal(third.next, null);
  const seen = [...first.results, ...second.results, ...third.results].map((p: { username: string }) => p.username);
  t.same(new Set(seen).size, 5, 'pages do not overlap');

  const filtered = (await get(app, adam, '/api/v1/profiles/?page_size=2&religion=Jewish&religion=Hindu')).json();
  t.equal(filtered.count, 0);
  t.equal((await get(app, adam, '/api/v1/profiles/?page_size=101')).statusCode, 400, 'page_size is at most 100');
  t.equal((await get(app, adam, '/api/v1/profiles/?page=0')).statusCode, 400);
  t.equal((await get(app, adam, '/api/v1/profiles/')).json().results.length, 5, 'page_size defaults to 20');
  const beyond = (await get(app, adam, '/api/v1/profiles/?page=9&page_size=2')).json();
  t.same(beyond.results, []);
  t.equal(beyond.previous, '/api/v1/profiles/?page=3&page_size=2', 'previous of a page past the end is the last page');
});

t.test('saved filters: defaults, save, validation, and they apply on the server', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  await woman(app, db, { religion: 'Jewish' }, 'jewish');
  await woman(app, db, { religion: 'Hindu' }, 'hindu');

  t.same((await get(app, adam, '/api/v1/filter_profiles/')).json(), FILTER_DEFAULTS);
  const saved = await saveFilters(app, adam, { religion: ['Jewish'], maxAge: 60, heightRange: { min: 60, max: 72 } });
  t.equal(saved.statusCode, 200);
  t.same(saved.json(), { maxAge: 60, maxDistance: 5000, religion: ['Jewish'], heightRange: { min: 60, max: 72 } });
  t.same((await get(app, adam, '/api/v1/filter_profiles/')).json(), saved.json());
  t.same(await discoveredNames(app, adam), ['jewish'], 'saved filters apply without a query');
  t.same(await discoveredNames(app, adam, 'religion=Hindu'), ['hindu'], 'filters in the query replace the saved ones');

  const bad = await saveFilters(app, adam, { favouriteColour: ['blue'], religion: ['Pastafarian'] });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().errors, { favouriteColour: ['Unknown filter'], religion: ["'Pastafarian' is not one of the choices"] });
  t.same((await get(app, adam, '/api/v1/filter_profiles/')).json().religion, ['Jewish'], 'a bad save changes nothing');

  const unknownKey = await discover(app, adam, 'favouriteColour=blue');
  t.equal(unknownKey.statusCode, 400);
  t.same(unknownKey.json().errors, { favouriteColour: ['Unknown filter'] });
  t.equal((await discover(app, adam, 'religion=Pastafarian')).statusCode, 400);

  t.equal((await saveFilters(app, adam, {})).statusCode, 200, 'Clear All');
  t.same((await get(app, adam, '/api/v1/filter_profiles/')).json(), FILTER_DEFAULTS);
});

t.test('a distance filter needs the member’s coordinates', async (t) => {
  const { app, db } = await buildTestApp(t);
  // Only an incomplete profile can lack a place: it hears about the location before the 403.
  const nowhere = await signUp(app, { username: 'nowhere' });
  await patchProfile(app, nowhere, { gender: 'Man' });
  await woman(app, db, {}, 'eve');
  t.equal((await discover(app, nowhere)).statusCode, 403, 'without a distance filter: complete the profile first');
  const response = await discover(app, nowhere, 'maxDistance=100');
  t.equal(response.statusCode, 400);
  t.match(response.json().error, /location/);
});

t.test('every discovery route needs a token', async (t) => {
  const { app } = await buildTestApp(t);
  for (const [method, url] of [
    ['GET', '/api/v1/profiles/'],
    ['GET', '/api/v1/filter_profiles/'],
    ['POST', '/api/v1/filter_profiles/'],
  ] as const) {
    t.equal((await app.inject({ method, url })).statusCode, 401, `${method} ${url}`);
  }
});
