/** Blocks: hidden both ways everywhere, the match removed for good, the list, and only one's own blocks. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { getProfile } from '../../test/profiles.ts';
import { discoveredNames, get, likeProfile, man, woman } from '../../test/members.ts';

t.test('blocking hides both members everywhere and removes their match', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, { date_of_birth: '1990-01-01' }, 'eve');
  const lilith = await woman(app, db, {}, 'lilith');
  await likeProfile(app, adam, eve.profileId);
  const { match_id: matchId } = (await likeProfile(app, eve, adam.profileId)).json();
  await likeProfile(app, lilith, adam.profileId);
  t.type(matchId, 'number');

  const blocked = await app.inject({ method: 'POST', url: `/api/v1/block/${adam.userId}/`, headers: eve.auth });
  t.equal(blocked.statusCode, 200);
  t.same(blocked.json(), { detail: 'User blocked successfully' });
  t.equal(
    (await app.inject({ method: 'POST', url: `/api/v1/block/${adam.userId}/`, headers: eve.auth })).statusCode,
    200,
    'repeating is harmless',
  );

  for (const [viewer, other] of [
    [adam, eve],
    [eve, adam],
  ] as const) {
    t.notOk((await discoveredNames(app, viewer)).includes(other.username), `${viewer.username}: not in discovery`);
    t.equal((await getProfile(app, viewer, other.profileId)).statusCode, 404, `${viewer.username}: profile view 404`);
    t.same((await get(app, viewer, '/api/v1/match/matches/')).json().matches, [], `${viewer.username}: no match`);
    t.notOk(
      (await get(app, viewer, '/api/v1/match/likes_received/')).json().likes_received.some((c: { id: number }) => c.id === other.profileId),
      `${viewer.username}: not in likes received`,
    );
    t.notOk(
      (await get(app, viewer, '/api/v1/match/likes_sent/')).json().likes_sent.some((c: { id: number }) => c.id === other.profileId),
      `${viewer.username}: not in likes sent`,
    );
    t.equal((await likeProfile(app, viewer, other.profileId)).statusCode, 404, `${viewer.username}: cannot like`);
  }
  t.ok((await discoveredNames(app, adam)).includes('lilith'), 'others are unaffected');
  const [removed] = await db.execute<{ payload: Record<string, unknown> }>(
    sql`select payload from outbox where subject = 'matches.removed'`,
  );
  t.match(removed.payload, { matchId, reason: 'block', removedByUserId: eve.userId });

  const list = (await get(app, eve, '/api/v1/blocked/')).json();
  t.equal(list.length, 1);
  t.match(list[0], { user_id: adam.userId, id: adam.profileId, username: 'adam', photo1_url: `/media/${adam.userId}/photo1.jpg` });
  t.match(
    list[0],
    {
      home_city: 'Austin',
      home_state: 'Texas',
      home_country: 'United States',
      height: 170,
      education: 'Bachelor',
      religion: 'Christian - Catholic',
      livelihood: 'Employed',
      relationship_status: 'Single',
      number_of_kids_wanted: '1-2',
    },
    'the card facts the Likes screen shows on every tab',
  );
  t.notOk('email' in list[0] || 'phone' in list[0] || 'date_of_birth' in list[0], 'nothing private');
  t.type(list[0].age, 'number');
  t.same((await get(app, adam, '/api/v1/blocked/')).json(), [], 'the blocked member does not see the block');

  t.test('only the blocker can lift a block', async (t) => {
    const attempt = await app.inject({ method: 'DELETE', url: `/api/v1/block/${eve.userId}/unblock/`, headers: adam.auth });
    t.equal(attempt.statusCode, 404, 'adam cannot remove the block eve made on him');
    const third = await app.inject({ method: 'DELETE', url: `/api/v1/block/${adam.userId}/unblock/`, headers: lilith.auth });
    t.equal(third.statusCode, 404, 'nor can anyone else');
    t.notOk((await discoveredNames(app, adam)).includes('eve'), 'still blocked');
  });

  t.test('unblocking restores visibility but not the match', async (t) => {
    const response = await app.inject({ method: 'DELETE', url: `/api/v1/block/${adam.userId}/unblock/`, headers: eve.auth });
    t.equal(response.statusCode, 200);
    t.same(response.json(), { detail: 'User unblocked successfully' });
    t.ok((await discoveredNames(app, adam)).includes('eve'));
    t.ok((await discoveredNames(app, eve)).includes('adam'));
    t.equal((await getProfile(app, adam, eve.profileId)).statusCode, 200);
    t.same((await get(app, adam, '/api/v1/match/matches/')).json().matches, [], 'the match stays removed');
    t.same((await get(app, eve, '/api/v1/match/likes_received/')).json().likes_received, [], 'their likes went with the block');
    t.same((await get(app, eve, '/api/v1/blocked/')).json(), []);
    t.equal((await app.inject({ method: 'DELETE', url: `/api/v1/block/${adam.userId}/unblock/`, headers: eve.auth })).statusCode, 404);
  });
});

t.test('block errors', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  t.equal((await app.inject({ method: 'POST', url: `/api/v1/block/${adam.userId}/`, headers: adam.auth })).statusCode, 400, 'self');
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/block/999999/', headers: adam.auth })).statusCode, 404, 'unknown user');
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/block/abc/', headers: adam.auth })).statusCode, 400);
  for (const [method, url] of [
    ['POST', `/api/v1/block/${adam.userId}/`],
    ['DELETE', `/api/v1/block/${adam.userId}/unblock/`],
    ['GET', '/api/v1/blocked/'],
  ] as const) {
    t.equal((await app.inject({ method, url })).statusCode, 401, `${method} ${url} needs a token`);
  }
});
