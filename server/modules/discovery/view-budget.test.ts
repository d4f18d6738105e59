import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { getProfile } from '../../test/profiles.ts';
import { discover, get, man, woman } from '../../test/members.ts';

const BUDGETS = { PROFILE_VIEW_LIMIT_PER_HOUR: '3', DISCOVERY_LIMIT_PER_HOUR: '7' };
const MESSAGE = /^You have viewed a lot of profiles in a short time\. Please try again in \d+ minutes?\.$/;

t.test('each member has an hourly budget for reading profiles, held in the database', async (t) => {
  const { app, db, databaseUrl, jwtSecret } = await buildTestApp(t, BUDGETS);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  const lilith = await woman(app, db, {}, 'lilith');

  t.test('profile views: one unit each, by either route', async (t) => {
    t.equal((await getProfile(app, adam, eve.profileId)).statusCode, 200);
    t.equal((await getProfile(app, adam, lilith.profileId, 'profile_by_id')).statusCode, 200);
    t.equal((await getProfile(app, adam, eve.profileId)).statusCode, 200);
    const refused = await getProfile(app, adam, lilith.profileId);
    t.equal(refused.statusCode, 429);
    t.match(refused.json().error, MESSAGE);
    const retryAfter = Number(refused.headers['retry-after']);
    t.ok(retryAfter > 3500 && retryAfter <= 3600, 'retry when the hour is over');
    t.equal((await getProfile(app, adam, eve.profileId, 'profile_by_id')).statusCode, 429, 'the other route shares the budget');
    t.equal((await getProfile(app, eve, adam.profileId)).statusCode, 200, "another member's budget is her own");
  });

  t.test('discovery pages cost by size, one unit per 20 profiles', async (t) => {
    t.equal((await discover(app, adam)).statusCode, 200, 'page_size=100 costs 5');
    t.equal((await get(app, adam, '/api/v1/profiles/?page_size=20')).statusCode, 200, 'a default page costs 1');
    t.equal((await get(app, adam, '/api/v1/profiles/?page_size=21')).statusCode, 429, 'two more would be 8 of 7');
    const refused = await get(app, adam, '/api/v1/profiles/?page_size=1');
    t.equal(refused.statusCode, 429);
    t.match(refused.json().error, MESSAGE);
    t.ok(Number(refused.headers['retry-after']) > 0);
    t.equal((await discover(app, lilith)).statusCode, 200, 'others browse on');
  });

  t.test('another server instance sees the same spent budget', async (t) => {
    const { app: second } = await buildTestApp(t, BUDGETS, { databaseUrl, jwtSecret });
    t.equal((await getProfile(second, adam, eve.profileId)).statusCode, 429);
    t.equal((await get(second, adam, '/api/v1/profiles/?page_size=1')).statusCode, 429);
    t.equal((await getProfile(second, lilith, adam.profileId)).statusCode, 200);
  });
});
