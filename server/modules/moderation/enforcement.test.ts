/**
 * A suspended or banned member: signs in, reads their statements, appeals, signs out or deletes
 * the account, and gets 403 with the restriction's sentence from everything else, the WebSocket
 * upgrade included. Nobody else sees them anywhere while it lasts. A suspension ends by itself on
 * the database's clock (moved here, rather than waited for).
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { RESTRICTED_CODE } from '../../contract/restrictions.ts';
import { selectActiveSessions } from '../../realtime/realtime.queries.ts';
import { buildTestApp, listenTestApp } from '../../test/app.ts';
import { discoveredNames, get, likeProfile, man, post, woman } from '../../test/members.ts';
import { act, fileReport, moderator, queue, statementsOf } from '../../test/moderation.ts';
import { openSocket, wsUrl } from '../../test/ws.ts';

/** Routes a restricted member may not use, each answered 403 with the sentence. */
const REFUSED_READS = ['/api/v1/my_profile/', '/api/v1/profiles/', '/api/v1/match/matches/', '/api/v1/match/likes_received/'];

t.test('a suspended member may only read statements, appeal, sign out and delete; the suspension ends by itself', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, member, viewer, mod] = [await woman(app, db), await man(app, db), await woman(app, db), await moderator(app, db)];
  t.ok((await discoveredNames(app, viewer)).includes(member.username), 'visible before');
  const reportId = await fileReport(app, reporter, member, 'harassment_hate');
  await act(app, mod, reportId, 'suspend_3d', 'Insulted a member repeatedly.');

  for (const url of REFUSED_READS) {
    const response = await get(app, member, url);
    t.equal(response.statusCode, 403, `${url}: 403`);
    t.equal(response.json().code, RESTRICTED_CODE, `${url}: the restriction's code`);
    t.match(
      response.json().detail,
      /^Your account is suspended until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\. You can read the statement of reasons and appeal it; everything else is unavailable\.$/,
    );
  }
  const like = await likeProfile(app, member, viewer.profileId);
  t.equal(like.statusCode, 403, 'a like is refused');
  const [{ likes }] = await db.execute<{ likes: number }>(
    sql`select count(*)::int as likes from likes where from_profile_id = ${member.profileId}`,
  );
  t.equal(likes, 0, 'and wrote nothing');

  const own = await statementsOf(app, member);
  t.equal(own.restriction?.kind, 'suspended', 'the statements route answers, with the restriction');
  t.equal(own.statements.length, 1);

  // Nobody sees the suspended member: discovery, the profile by id, a like to them.
  t.notOk((await discoveredNames(app, viewer)).includes(member.username), 'gone from discovery');
  t.equal((await get(app, viewer, `/api/v1/profile/${member.profileId}/`)).statusCode, 404, 'their profile is 404');
  t.equal((await likeProfile(app, viewer, member.profileId)).statusCode, 404, 'a like to them is 404');

  // The suspension ends: the database's clock passes its end.
  await db.execute(sql`update users set suspended_until = now() - interval '1 second' where id = ${member.userId}`);
  t.equal((await get(app, member, '/api/v1/my_profile/')).statusCode, 200, 'the member is whole again');
  t.ok((await discoveredNames(app, viewer)).includes(member.username), 'and visible again');
  t.equal((await statementsOf(app, member)).restriction, null, 'no restriction is reported');

  await db.execute(sql`update users set suspended_until = now() + interval '1 day' where id = ${member.userId}`);
  t.equal((await post(app, member, '/api/v1/signout/')).statusCode, 200, 'signing out is allowed');
});

t.test('a banned member: the ban sentence; deleting the account is allowed', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, member, mod] = [await woman(app, db), await man(app, db), await moderator(app, db)];
  await act(app, mod, await fileReport(app, reporter, member, 'scam_spam'), 'ban', 'Asked for gift cards.');
  const refused = await get(app, member, '/api/v1/profiles/');
  t.equal(refused.statusCode, 403);
  t.equal(
    refused.json().detail,
    'Your account is banned. You can read the statement of reasons and appeal it; everything else is unavailable.',
  );
  t.equal((await statementsOf(app, member)).restriction?.kind, 'banned');
  t.equal((await post(app, member, '/api/v1/profile/delete/')).statusCode, 200, 'a banned member may still erase their account');
});

t.test('a restricted moderator cannot moderate: the area answers them 404 like any stranger', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, mod1, mod2] = [await woman(app, db), await moderator(app, db), await moderator(app, db)];
  await act(app, mod2, await fileReport(app, reporter, mod1, 'harassment_hate'), 'suspend_7d');
  const response = await queue(app, mod1);
  t.equal(response.statusCode, 404);
  t.equal(response.json().detail, 'Route GET /api/v1/moderation/queue/ not found.');
});

t.test('the realtime gateway refuses a restricted member, and the heartbeat drops their sockets', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const [reporter, member, mod] = [await woman(app, db), await man(app, db), await moderator(app, db)];
  const socket = await openSocket(wsUrl(baseUrl), { headers: { authorization: `Token ${member.token}` } });
  socket.ws.terminate();
  const [session] = await db.execute<{ id: string }>(sql`select id from sessions where user_id = ${member.userId}`);
  t.same([...(await selectActiveSessions(db, [session.id]))], [session.id], 'live before');

  await act(app, mod, await fileReport(app, reporter, member), 'suspend_3d');
  const refused = await openSocket(wsUrl(baseUrl), { headers: { authorization: `Token ${member.token}` } }).then(
    (opened) => {
      opened.ws.terminate();
      return 'opened';
    },
    (error: { statusCode?: number }) => error.statusCode,
  );
  t.equal(refused, 403, 'the upgrade is refused');
  t.same([...(await selectActiveSessions(db, [session.id]))], [], 'the heartbeat counts the session as ended');
});
