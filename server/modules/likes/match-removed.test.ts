/**
 * Gone members do not linger: when a member unmatches, unlikes, blocks or deletes their account,
 * the other member's sockets hear `match.removed` at once (real sockets on a listening app, the
 * real notifications handler), in the same words whatever the cause, and the match is gone from
 * their list, their new matches and the chat. Marking a match seen while it is being removed
 * answers 200 or 404, never an error.
 */
import t, { type Test } from 'tap';
import type { ServerMessage } from '../../contract/realtime.ts';
import { listenTestApp } from '../../test/app.ts';
import { CHAT_WORKERS, chattingPair, readChat, sendMessage } from '../../test/chat.ts';
import type { TestMember } from '../../test/factories.ts';
import { get, likeProfile, man, post, woman } from '../../test/members.ts';
import { openSocket, type TestSocket, wsUrl } from '../../test/ws.ts';

type Push = Extract<ServerMessage, { data: unknown; id: string }>;

async function connect(baseUrl: string, member: TestMember, t: Test): Promise<TestSocket> {
  const socket = await openSocket(wsUrl(baseUrl), { headers: member.auth });
  t.teardown(() => socket.ws.terminate());
  await socket.next((m) => m.type === 'hello');
  return socket;
}

const removedPush = (socket: TestSocket, matchId: number) =>
  socket.next((m) => m.type === 'match.removed' && (m as Push & { type: 'match.removed' }).data.matchId === matchId, 15_000) as Promise<
    Push & { type: 'match.removed' }
  >;

t.test('the other member hears of an ended match at once, and it is gone everywhere', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t, CHAT_WORKERS);
  const pushesSeen: Array<Record<string, unknown>> = [];

  const causes: Array<[string, (ender: TestMember, peer: { userId: number; profileId: number }) => Promise<number>]> = [
    ['unmatch', async (ender, peer) => (await post(app, ender, `/api/v1/match/unmatch/${peer.profileId}/`)).statusCode],
    ['unlike', async (ender, peer) => (await post(app, ender, `/api/v1/match/unlike/${peer.profileId}/`)).statusCode],
    ['block', async (ender, peer) => (await post(app, ender, `/api/v1/block/${peer.userId}/`)).statusCode],
    ['account deletion', async (ender) => (await post(app, ender, '/api/v1/profile/delete/')).statusCode],
  ];
  for (const [cause, end] of causes) {
    await t.test(cause, async (t) => {
      const { a: ender, b: other, matchId } = await chattingPair(app, db);
      await sendMessage(app, other, matchId, { message: 'still there?' });
      const otherSocket = await connect(baseUrl, other, t);
      const enderOtherTab = await connect(baseUrl, ender, t);

      t.equal(await end(ender, other), 200);
      const push = await removedPush(otherSocket, matchId);
      t.same(push.data, { matchId, removedAt: push.data.removedAt }, 'only the match and when: no cause, nobody named');
      t.equal(push.id.endsWith(`:${other.userId}`), true, 'one push per member and event');
      pushesSeen.push(push.data as Record<string, unknown>);
      if (cause !== 'account deletion') await removedPush(enderOtherTab, matchId);

      const matches = (await get(app, other, '/api/v1/match/matches/')).json().matches as Array<{ match_id: number }>;
      t.notOk(
        matches.some((m) => m.match_id === matchId),
        'gone from the list',
      );
      t.same((await get(app, other, '/api/v1/match/new_matches/')).json().new_matches, [], 'and from new matches');
      t.equal((await readChat(app, other, matchId)).statusCode, 404, 'the chat is gone: 404');
      t.equal((await sendMessage(app, other, matchId, { message: 'hello?' })).statusCode, 404, 'sending is refused');
    });
  }
  t.same(new Set(pushesSeen.map((data) => Object.keys(data).sort().join())), new Set(['matchId,removedAt']), 'every cause reads alike');
});

t.test('after a block, the blocked member is told nothing more about the blocker', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t, CHAT_WORKERS);
  const ada = await woman(app, db, {}, 'ada');
  const bob = await man(app, db, {}, 'bob');
  const bobSocket = await connect(baseUrl, bob, t);
  // Ada's like and Bob's like back race Ada's block: whatever is left, Bob hears only of the end.
  await likeProfile(app, bob, ada.profileId);
  const [liked, blocked] = await Promise.all([likeProfile(app, ada, bob.profileId), post(app, ada, `/api/v1/block/${bob.userId}/`)]);
  t.equal(blocked.statusCode, 200);
  const matchId = liked.statusCode === 200 ? (liked.json() as { match_id: number | null }).match_id : null;
  if (matchId !== null) await removedPush(bobSocket, matchId);
  // A ping's answer comes after every push already sent on this socket.
  const pongs = () => bobSocket.messages.filter((m) => m.type === 'pong').length;
  bobSocket.ws.send(JSON.stringify({ type: 'ping' }));
  await bobSocket.next(() => pongs() > 0);
  const matchesNow = (await get(app, bob, '/api/v1/match/matches/')).json().matches;
  t.same(matchesNow, [], 'no match with the blocker');
  t.same((await get(app, bob, '/api/v1/match/new_matches/')).json().new_matches, [], 'no match moment either');
  const created = bobSocket.messages.filter((m) => m.type === 'match.created');
  for (const push of created)
    t.equal((push as Push & { type: 'match.created' }).data.matchId, matchId, 'a match.created push, if any, is followed by its removal');
});

t.test('marking a match seen while it is being removed: 200 or 404, never an error', async (t) => {
  const { app, db } = await listenTestApp(t, { WORKERS: 'none' });
  for (let round = 0; round < 6; round += 1) {
    const ada = await woman(app, db);
    const bob = await man(app, db);
    await likeProfile(app, ada, bob.profileId);
    const { match_id: matchId } = (await likeProfile(app, bob, ada.profileId)).json() as { match_id: number };
    const [seen, ended] = await Promise.all([
      post(app, ada, `/api/v1/match/new_matches/${matchId}/seen/`),
      round % 2 === 0 ? post(app, bob, `/api/v1/match/unmatch/${ada.profileId}/`) : post(app, bob, `/api/v1/block/${ada.userId}/`),
    ]);
    t.equal(ended.statusCode, 200, `round ${round}: the removal stands`);
    t.ok([200, 404].includes(seen.statusCode), `round ${round}: seen answered ${seen.statusCode}`);
    t.same((await get(app, ada, '/api/v1/match/new_matches/')).json().new_matches, []);
  }
});
