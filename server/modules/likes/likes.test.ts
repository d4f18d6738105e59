/** Likes and matches: like/pass, one match per mutual like (also simultaneous), lists, unlike, unmatch, events. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { block, patchProfile, profileIdOf } from '../../test/profiles.ts';
import { get, likeProfile, man, post, woman } from '../../test/members.ts';

async function events(db: Db, subject: string) {
  const rows = await db.execute<{ payload: Record<string, unknown> }>(
    sql`select payload from outbox where subject = ${subject} order by id`,
  );
  return rows.map((row) => row.payload);
}

async function count(db: Db, table: 'likes' | 'matches') {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row.n;
}

t.test('like, pass, match', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  const lilith = await woman(app, db, {}, 'lilith');

  t.same((await likeProfile(app, adam, eve.profileId)).json(), { match_created: false, match_id: null });
  t.same((await likeProfile(app, adam, eve.profileId)).json(), { match_created: false, match_id: null }, 'repeating is idempotent');
  t.equal((await events(db, 'likes.created')).length, 1, 'one like, one event');
  t.match((await events(db, 'likes.created'))[0], {
    fromUserId: adam.userId,
    fromProfileId: adam.profileId,
    toUserId: eve.userId,
    toProfileId: eve.profileId,
  });

  const matched = (await likeProfile(app, eve, adam.profileId)).json();
  t.equal(matched.match_created, true);
  t.type(matched.match_id, 'number');
  const again = (await likeProfile(app, eve, adam.profileId)).json();
  t.same(again, { match_created: false, match_id: matched.match_id }, 'a repeated like answers the existing match');
  const [created] = await events(db, 'matches.created');
  t.match(created, { matchId: matched.match_id });
  t.same((created.members as { profileId: number }[]).map((m) => m.profileId).sort(), [adam.profileId, eve.profileId].sort());
  t.equal((await events(db, 'matches.created')).length, 1);

  t.test('a pass records the swipe and its event (liked: false) and makes no match', async (t) => {
    t.same((await likeProfile(app, lilith, adam.profileId, false)).json(), { match_created: false, match_id: null });
    t.same((await likeProfile(app, adam, lilith.profileId)).json(), { match_created: false, match_id: null });
    const recorded = await events(db, 'likes.created');
    t.equal(recorded.length, 4, 'adam->eve, eve->adam, adam->lilith, and the pass');
    t.equal(recorded.filter((payload) => (payload as { liked?: boolean }).liked === false).length, 1, 'the pass is marked liked: false');
  });

  t.test('a pass never undoes a like; a like over a pass turns it into a like', async (t) => {
    t.same((await likeProfile(app, adam, eve.profileId, false)).json(), { match_created: false, match_id: null });
    t.equal((await get(app, adam, '/api/v1/match/matches/')).json().matches.length, 1, 'still matched');
    const turned = (await likeProfile(app, lilith, adam.profileId)).json();
    t.equal(turned.match_created, true, 'lilith passed, then liked adam who liked her');
  });

  t.test('errors', async (t) => {
    const self = await likeProfile(app, adam, adam.profileId);
    t.equal(self.statusCode, 400);
    t.equal((await likeProfile(app, adam, 999_999)).statusCode, 404, 'unknown profile');
    const blocked = await woman(app, db, {}, 'blocked');
    await block(db, blocked, adam);
    t.equal((await likeProfile(app, adam, blocked.profileId)).statusCode, 404, 'blocked by the target');
    t.equal((await likeProfile(app, blocked, adam.profileId)).statusCode, 404, 'blocked the target');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/match/like/',
      headers: adam.auth,
      payload: { to_profile_id: 'x', liked: true },
    });
    t.equal(bad.statusCode, 400);
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/match/like/', payload: { to_profile_id: 1, liked: true } })).statusCode, 401);
  });
});

t.test('simultaneous mutual likes make exactly one match', async (t) => {
  const { app, db } = await buildTestApp(t);
  const pairs = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => [await man(app, db, {}, `m_${i}`), await woman(app, db, {}, `w_${i}`)] as const),
  );
  for (let round = 0; round < 2; round++) {
    const answers = await Promise.all(pairs.flatMap(([m, w]) => [likeProfile(app, m, w.profileId), likeProfile(app, w, m.profileId)]));
    for (const answer of answers) t.equal(answer.statusCode, 200);
    const bodies = answers.map((a) => a.json() as { match_created: boolean; match_id: number | null });
    for (let i = 0; i < pairs.length; i++) {
      const [a, b] = [bodies[2 * i], bodies[2 * i + 1]];
      if (round === 0) {
        t.equal(Number(a.match_created) + Number(b.match_created), 1, `pair ${i}: exactly one call made the match`);
        t.equal([a, b].filter((x) => x.match_id !== null).length, 1, `pair ${i}: the first like saw no match yet`);
      } else {
        t.ok(a.match_id !== null && a.match_id === b.match_id, `pair ${i}: repeats both name the one match`);
      }
    }
  }
  t.equal(await count(db, 'matches'), pairs.length);
  t.equal((await events(db, 'matches.created')).length, pairs.length, 'one matches.created per pair');
});

t.test('likes lists and matches list', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, { home_city: 'Dallas' }, 'adam');
  const abel = await man(app, db, {}, 'abel');
  const cain = await man(app, db, {}, 'cain');
  const eve = await woman(app, db, { date_of_birth: '1990-01-01', religion: 'Jewish' }, 'eve');
  await likeProfile(app, adam, eve.profileId);
  await likeProfile(app, abel, eve.profileId);
  await likeProfile(app, cain, eve.profileId);
  await likeProfile(app, eve, adam.profileId); // match with adam
  await block(db, eve, cain);

  const received = (await get(app, eve, '/api/v1/match/likes_received/')).json().likes_received;
  t.same(
    received.map((c: { username: string }) => c.username),
    ['abel'],
    'matched and blocked members are left out',
  );
  t.same(Object.keys(received[0]).sort(), [
    'age',
    'education',
    'height',
    'home_city',
    'home_country',
    'home_state',
    'id',
    'liked_at',
    'livelihood',
    'number_of_kids_wanted',
    'photo1_url',
    'relationship_status',
    'religion',
    'user_id',
    'username',
    'verified',
  ]);
  t.equal(received[0].id, abel.profileId);

  const sent = (await get(app, adam, '/api/v1/match/likes_sent/')).json().likes_sent;
  t.same(
    sent.map((c: { username: string }) => c.username),
    ['eve'],
  );
  t.match(sent[0], { religion: 'Jewish', home_city: 'Austin', home_state: 'Texas', height: 170, number_of_kids_wanted: '1-2' });
  t.type(sent[0].age, 'number');
  t.same((await get(app, cain, '/api/v1/match/likes_sent/')).json().likes_sent, [], 'the blocked liker no longer sees the like');

  const matches = (await get(app, adam, '/api/v1/match/matches/')).json().matches;
  t.equal(matches.length, 1);
  t.match(matches[0], { id: eve.profileId, user_id: eve.userId, username: 'eve', has_chat_payment: false, chats: 0 });
  t.ok('photo5_url' in matches[0] && 'match_id' in matches[0]);
  t.equal((await get(app, eve, '/api/v1/match/matches/')).json().matches[0].id, adam.profileId, 'each side sees the other');
});

t.test('unlike and unmatch clean up, and only for the members of the match', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const abel = await man(app, db, {}, 'abel');
  const eve = await woman(app, db, {}, 'eve');
  const lilith = await woman(app, db, {}, 'lilith');
  const match = async (m: typeof adam, w: typeof eve) => {
    await likeProfile(app, m, w.profileId);
    return (await likeProfile(app, w, m.profileId)).json().match_id as number;
  };
  const adamEve = await match(adam, eve);
  await match(adam, lilith);

  t.test('cross-member attempts fail and change nothing', async (t) => {
    t.equal((await post(app, abel, `/api/v1/match/unmatch/${eve.profileId}/`)).statusCode, 404, 'abel has no match with eve');
    t.equal((await post(app, abel, `/api/v1/match/unlike/${eve.profileId}/`)).statusCode, 404, 'abel never liked eve');
    t.equal((await post(app, abel, `/api/v1/match/unmatch/${adamEve}/`)).statusCode, 404, 'a match id is not a peer id');
    t.equal(await count(db, 'matches'), 2);
    t.equal(await count(db, 'likes'), 4);
  });

  t.test('unmatch removes the match and turns both likes into passes: neither lingers in a likes list', async (t) => {
    const response = await post(app, eve, `/api/v1/match/unmatch/${adam.profileId}/`);
    t.equal(response.statusCode, 200);
    t.same(response.json(), { detail: 'Match removed successfully' });
    t.same(
      (await get(app, adam, '/api/v1/match/matches/')).json().matches.map((m: { username: string }) => m.username),
      ['lilith'],
    );
    t.equal(await count(db, 'likes'), 4, 'the swipes stay, as passes');
    t.match((await events(db, 'matches.removed'))[0], { matchId: adamEve, removedByUserId: eve.userId, reason: 'unmatch' });
    t.equal((await events(db, 'likes.created')).length, 4, 'turning likes into passes announces nothing');
    t.equal((await post(app, eve, `/api/v1/match/unmatch/${adam.profileId}/`)).statusCode, 404, 'twice: 404');
    const names = (body: { [list: string]: { username: string }[] }, list: string) => body[list].map((c) => c.username);
    t.same(names((await get(app, eve, '/api/v1/match/likes_received/')).json(), 'likes_received'), [], 'adam is not offered back to eve');
    t.same(names((await get(app, eve, '/api/v1/match/likes_sent/')).json(), 'likes_sent'), [], 'nor kept in her likes sent');
    t.same(names((await get(app, adam, '/api/v1/match/likes_received/')).json(), 'likes_received'), [], 'eve is not offered back to adam');
    t.same(names((await get(app, adam, '/api/v1/match/likes_sent/')).json(), 'likes_sent'), ['lilith'], 'nor kept in his likes sent');
    t.same((await likeProfile(app, adam, eve.profileId)).json(), { match_created: false, match_id: null }, 'one new like is not a match');
    const again = (await likeProfile(app, eve, adam.profileId)).json();
    t.equal(again.match_created, true, 'liking each other again makes a new match');
    t.not(again.match_id, adamEve, 'with a new id');
    t.equal((await post(app, eve, `/api/v1/match/unmatch/${adam.profileId}/`)).statusCode, 200, 'which can be ended again');
  });

  t.test('unlike removes my like and the match', async (t) => {
    const response = await post(app, adam, `/api/v1/match/unlike/${lilith.profileId}/`);
    t.equal(response.statusCode, 200);
    t.same(response.json(), { detail: 'Profile unliked successfully' });
    t.same((await get(app, adam, '/api/v1/match/matches/')).json().matches, []);
    t.same((await get(app, lilith, '/api/v1/match/matches/')).json().matches, []);
    t.notOk(
      (await get(app, adam, '/api/v1/match/likes_sent/')).json().likes_sent.some((c: { username: string }) => c.username === 'lilith'),
    );
    t.match(
      (await events(db, 'matches.removed')).find((event) => event.reason === 'unlike'),
      { removedByUserId: adam.userId, reason: 'unlike' },
    );
    t.equal((await post(app, adam, `/api/v1/match/unlike/${lilith.profileId}/`)).statusCode, 404, 'twice: 404');
    t.equal((await post(app, adam, '/api/v1/match/unlike/999999/')).statusCode, 404);
  });
});

t.test('deleting an account removes its matches and announces each', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  await likeProfile(app, adam, eve.profileId);
  const { match_id: matchId } = (await likeProfile(app, eve, adam.profileId)).json();
  t.equal((await post(app, adam, '/api/v1/profile/delete/')).statusCode, 200);
  t.same((await get(app, eve, '/api/v1/match/matches/')).json().matches, []);
  t.same((await get(app, eve, '/api/v1/match/likes_sent/')).json().likes_sent, []);
  const [removed] = await events(db, 'matches.removed');
  t.match(removed, { matchId, reason: 'deleted', removedByUserId: adam.userId });
  t.equal(await count(db, 'matches'), 0);
});

t.test('liking and the likes lists need a complete profile; incomplete profiles cannot be liked', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const newcomer = await signUp(app, { username: 'newcomer' });
  await patchProfile(app, newcomer, { gender: 'Woman' });
  const newcomerId = await profileIdOf(db, newcomer);

  const refused = await likeProfile(app, newcomer, adam.profileId);
  t.equal(refused.statusCode, 403, 'an incomplete member cannot like');
  t.equal(refused.json().error, 'Please complete your profile to continue');
  for (const url of ['/api/v1/match/likes_received/', '/api/v1/match/likes_sent/', '/api/v1/match/matches/']) {
    t.equal((await get(app, newcomer, url)).statusCode, 403, url);
  }
  const hidden = await likeProfile(app, adam, newcomerId);
  t.equal(hidden.statusCode, 404, 'an incomplete profile is not there to be liked');
  t.equal(await count(db, 'likes'), 0, 'nothing was recorded');
});
