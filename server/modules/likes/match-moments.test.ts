/**
 * The match moment ("It's a match"): the member whose like made the match sees it in the like's
 * answer, so it is seen for them at once; the other one is told through the push and, when away,
 * finds it in /match/new_matches/ on their next open until their app marks it seen. Only the two
 * members can read or mark a match, and a match that is gone or hidden by a block is nobody's news.
 * A match's profile leads to its chat (match_id on the profile view).
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { get, likeProfile, type Member, man, post, woman } from '../../test/members.ts';
import { patchProfile } from '../../test/profiles.ts';

interface NewMatch {
  match_id: number;
  id: number;
  user_id: number;
  username: string;
  age: number | null;
  verified: boolean;
  photo1_url: string | null;
  created_at: string;
}

const NO_WORKERS = { WORKERS: 'none' };

t.test('the first liker finds the match moment on their next open, until it is seen', async (t) => {
  const { app, db } = await buildTestApp(t, NO_WORKERS);
  const ada = await woman(app, db, {}, 'ada');
  const bob = await man(app, db, {}, 'bob');
  const newMatches = async (member: Member) => {
    const response = await get(app, member, '/api/v1/match/new_matches/');
    t.equal(response.statusCode, 200);
    return response.json().new_matches as NewMatch[];
  };
  const seen = (member: Member, matchId: number | string) => post(app, member, `/api/v1/match/new_matches/${matchId}/seen/`);

  t.same(await newMatches(ada), [], 'nothing before a match');
  t.same((await likeProfile(app, ada, bob.profileId)).json(), { match_created: false, match_id: null });
  t.same(await newMatches(ada), [], 'a like alone is no match');
  const { match_id: matchId, match_created } = (await likeProfile(app, bob, ada.profileId)).json();
  t.equal(match_created, true);

  t.same(await newMatches(bob), [], "bob's like made it: he saw it in the like's answer");
  const [forAda] = await newMatches(ada);
  t.match(forAda, { match_id: matchId, id: bob.profileId, user_id: bob.userId, username: 'bob', verified: false });
  t.type(forAda.age, 'number');
  t.ok(forAda.photo1_url, "the peer's photo for the screen");
  t.same(
    Object.keys(forAda).sort(),
    ['age', 'created_at', 'id', 'match_id', 'photo1_url', 'user_id', 'username', 'verified'],
    'nothing private',
  );
  t.same((await newMatches(ada)).length, 1, 'still there on the next open: reading does not mark it');

  const response = await seen(ada, matchId);
  t.equal(response.statusCode, 200);
  t.same(response.json(), { detail: 'Match seen' });
  t.same(await newMatches(ada), [], 'seen: never shown again, on any device');
  const [{ seen_by_low_at: low, seen_by_high_at: high }] = await db.execute<{ seen_by_low_at: string; seen_by_high_at: string }>(
    sql`select seen_by_low_at, seen_by_high_at from matches where id = ${matchId}`,
  );
  t.ok(low && high, 'both sides marked');
  t.equal((await seen(ada, matchId)).statusCode, 200, 'repeating is harmless');
  const [again] = await db.execute<{ seen_by_low_at: string; seen_by_high_at: string }>(
    sql`select seen_by_low_at, seen_by_high_at from matches where id = ${matchId}`,
  );
  t.same(again, { seen_by_low_at: low, seen_by_high_at: high }, 'the first time stays');
  t.equal((await seen(bob, matchId)).statusCode, 200, 'the liker may mark it too (another device)');
});

t.test('several matches while away: newest first, each marked on its own', async (t) => {
  const { app, db } = await buildTestApp(t, NO_WORKERS);
  const ada = await woman(app, db, {}, 'ada');
  const suitors = [await man(app, db, {}, 'carl'), await man(app, db, {}, 'dan'), await man(app, db, {}, 'eli')];
  for (const suitor of suitors) await likeProfile(app, ada, suitor.profileId);
  for (const suitor of suitors) await likeProfile(app, suitor, ada.profileId);
  const names = async () => ((await get(app, ada, '/api/v1/match/new_matches/')).json().new_matches as NewMatch[]).map((m) => m.username);
  t.same(await names(), ['eli', 'dan', 'carl']);
  const [eli] = (await get(app, ada, '/api/v1/match/new_matches/')).json().new_matches as NewMatch[];
  await post(app, ada, `/api/v1/match/new_matches/${eli.match_id}/seen/`);
  t.same(await names(), ['dan', 'carl']);
});

t.test('only the two members reach a match; a gone or blocked match is nobody’s news', async (t) => {
  const { app, db } = await buildTestApp(t, NO_WORKERS);
  const ada = await woman(app, db, {}, 'ada');
  const bob = await man(app, db, {}, 'bob');
  const eve = await woman(app, db, {}, 'eve');
  const fay = await woman(app, db, {}, 'fay');
  await likeProfile(app, ada, bob.profileId);
  const { match_id: adaBob } = (await likeProfile(app, bob, ada.profileId)).json();
  await likeProfile(app, fay, bob.profileId);
  const { match_id: fayBob } = (await likeProfile(app, bob, fay.profileId)).json();

  await t.test('a stranger cannot mark or see it', async (t) => {
    const refused = await post(app, eve, `/api/v1/match/new_matches/${adaBob}/seen/`);
    t.equal(refused.statusCode, 404);
    t.same(refused.json().error, 'Match not found.');
    t.equal((await post(app, eve, '/api/v1/match/new_matches/999999/seen/')).statusCode, 404, 'an unknown match: the same 404');
    t.equal((await post(app, eve, '/api/v1/match/new_matches/abc/seen/')).statusCode, 400);
    t.same((await get(app, eve, '/api/v1/match/new_matches/')).json().new_matches, []);
    t.equal((await post(app, fay, `/api/v1/match/new_matches/${adaBob}/seen/`)).statusCode, 404, "bob's other match cannot mark this one");
    const [row] = await db.execute<{ seen: string | null }>(
      sql`select case when profile_low_id = ${ada.profileId} then seen_by_low_at else seen_by_high_at end as seen from matches where id = ${adaBob}`,
    );
    t.equal(row.seen, null, "ada's moment is still unseen");
    t.same(
      ((await get(app, ada, '/api/v1/match/new_matches/')).json().new_matches as NewMatch[]).map((m) => m.match_id),
      [adaBob],
    );
  });

  await t.test('an incomplete member is sent to finish their profile', async (t) => {
    await patchProfile(app, fay, { gender: null });
    t.equal((await get(app, fay, '/api/v1/match/new_matches/')).statusCode, 403);
    t.equal((await post(app, fay, `/api/v1/match/new_matches/${fayBob}/seen/`)).statusCode, 403);
    t.same((await get(app, bob, '/api/v1/match/new_matches/')).json().new_matches as NewMatch[], [], 'and is nobody’s news meanwhile');
  });

  await t.test('a block hides it from both, and marking it is a 404', async (t) => {
    t.equal((await post(app, bob, `/api/v1/block/${ada.userId}/`)).statusCode, 200);
    t.same((await get(app, ada, '/api/v1/match/new_matches/')).json().new_matches, [], 'the blocked member is not told of the match');
    t.equal((await post(app, ada, `/api/v1/match/new_matches/${adaBob}/seen/`)).statusCode, 404);
  });

  await t.test('an unmatch or a deleted account takes the moment with it', async (t) => {
    const gus = await man(app, db, {}, 'gus');
    const hal = await man(app, db, {}, 'hal');
    for (const peer of [gus, hal]) {
      await likeProfile(app, eve, peer.profileId);
      await likeProfile(app, peer, eve.profileId);
    }
    t.equal(((await get(app, eve, '/api/v1/match/new_matches/')).json().new_matches as NewMatch[]).length, 2);
    t.equal((await post(app, gus, `/api/v1/match/unmatch/${eve.profileId}/`)).statusCode, 200);
    t.equal((await post(app, hal, '/api/v1/profile/delete/')).statusCode, 200);
    t.same((await get(app, eve, '/api/v1/match/new_matches/')).json().new_matches, []);
  });
});

t.test("a match's profile names the match, so the app offers Message instead of a like or a pass", async (t) => {
  const { app, db } = await buildTestApp(t, NO_WORKERS);
  const ada = await woman(app, db, {}, 'ada');
  const bob = await man(app, db, {}, 'bob');
  const cid = await man(app, db, {}, 'cid');
  const profile = async (viewer: Member, of: Member) => (await get(app, viewer, `/api/v1/profile/${of.profileId}/`)).json();
  t.equal((await profile(ada, bob)).match_id, null, 'strangers: no match');
  await likeProfile(app, ada, bob.profileId);
  t.match(await profile(ada, bob), { is_liked: true, match_id: null }, 'a like alone: no match');
  const { match_id: matchId } = (await likeProfile(app, bob, ada.profileId)).json();
  t.equal((await profile(ada, bob)).match_id, matchId, 'each member sees their match');
  t.equal((await profile(bob, ada)).match_id, matchId);
  t.equal((await profile(cid, ada)).match_id, null, "a third member never sees someone else's match");
  await post(app, ada, `/api/v1/match/unmatch/${bob.profileId}/`);
  t.match(await profile(ada, bob), { is_liked: false, match_id: null }, 'after an unmatch: neither');
});
