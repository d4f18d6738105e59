/**
 * Unlocking a chat with a credit, ending it, cancelling its payment: what each costs, who may,
 * and that the balance always equals the sum of the credit ledger.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { balanceOf, giveCredits, ledgerMismatches } from '../../test/credits.ts';
import { likeProfile, man, type Member, woman } from '../../test/members.ts';
import { block } from '../../test/profiles.ts';

const NEED_CREDIT = 'You need at least 1 credit to unlock this chat';

async function matchBetween(app: FastifyInstance, a: Member, b: Member): Promise<number> {
  await likeProfile(app, a, b.profileId);
  const answer = (await likeProfile(app, b, a.profileId)).json() as { match_created: boolean; match_id: number };
  if (!answer.match_created) throw new Error('no match');
  return answer.match_id;
}

const unlock = (app: FastifyInstance, member: Member, matchId: unknown, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/match/use_chat_credit/',
    headers: key === undefined ? member.auth : { ...member.auth, 'idempotency-key': key },
    payload: { match_id: matchId },
  });
const end = (app: FastifyInstance, member: Member, matchId: number) =>
  app.inject({ method: 'POST', url: `/api/v1/match/end_chat_privilege/${matchId}/`, headers: member.auth });
const cancel = (app: FastifyInstance, member: Member, matchId: number) =>
  app.inject({ method: 'POST', url: '/api/v1/match/cancel_chat_payment/', headers: member.auth, payload: { match_id: matchId } });

async function unlockedAt(db: Db, matchId: number): Promise<unknown> {
  const [row] = await db.execute<{ chat_unlocked_at: unknown }>(sql`select chat_unlocked_at from matches where id = ${matchId}`);
  return row?.chat_unlocked_at ?? null;
}

t.test('unlocking takes exactly one credit, once per conversation, for both members', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);

  const broke = await unlock(app, adam, matchId);
  t.equal(broke.statusCode, 402);
  t.equal(broke.json().error, NEED_CREDIT, 'the spec’s message with no credit');
  t.equal(await unlockedAt(db, matchId), null, 'still locked');

  await giveCredits(db, adam, 3);
  const first = await unlock(app, adam, matchId);
  t.equal(first.statusCode, 200, first.body);
  t.same(first.json(), {
    detail: 'Chat unlocked! You can now send messages.',
    match_id: matchId,
    chat_unlocked: true,
    charged: true,
    current_credits: 2,
  });
  t.equal((await unlock(app, adam, matchId)).json().charged, false, 'a repeat costs nothing');
  const byPeer = await unlock(app, eve, matchId);
  t.equal(byPeer.statusCode, 200, 'the peer may call it too, with no credit of her own');
  t.match(byPeer.json(), { charged: false, chat_unlocked: true, current_credits: 0 });
  t.equal(await balanceOf(db, adam), 2);

  for (const member of [adam, eve]) {
    const { matches } = (await app.inject({ method: 'GET', url: '/api/v1/match/matches/', headers: member.auth })).json();
    t.equal(matches[0].has_chat_payment, true, 'both see the chat as paid');
  }
  const ledger = await db.execute<{ kind: string; delta: number; cause: string; match_id: number | null }>(
    sql`select kind, delta, cause, match_id::int from credit_ledger where profile_id = ${adam.profileId} order by id`,
  );
  t.same(
    ledger.map((row) => [row.kind, row.delta, row.cause, row.match_id]),
    [
      ['grant', 3, 'purchase', null],
      ['spend', -1, 'unlock', matchId],
    ],
  );
  t.same(await ledgerMismatches(db), []);
});

t.test('only the two members, and never across a block', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve, mallory] = [await man(app, db), await woman(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  await giveCredits(db, mallory, 2);
  for (const answer of [await unlock(app, mallory, matchId), await end(app, mallory, matchId), await cancel(app, mallory, matchId)]) {
    t.equal(answer.statusCode, 404, 'someone else’s match is not found');
    t.equal(answer.json().error, 'Match not found.');
  }
  t.equal(await balanceOf(db, mallory), 2, 'and costs nothing');
  t.equal((await unlock(app, mallory, 999_999)).statusCode, 404);

  await giveCredits(db, adam, 1);
  await block(db, eve, adam);
  t.equal((await unlock(app, adam, matchId)).statusCode, 404, 'blocked by the peer: not found');
  t.equal(await balanceOf(db, adam), 1, 'no credit taken');
});

t.test('bad match ids are refused before anything happens', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db);
  for (const bad of [0, -1, 1.5, '1', null, 'Infinity', 2 ** 63]) {
    t.equal((await unlock(app, adam, bad)).statusCode, 400, String(bad));
  }
  const missing = await app.inject({ method: 'POST', url: '/api/v1/match/use_chat_credit/', headers: adam.auth, payload: {} });
  t.equal(missing.statusCode, 400);
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/match/end_chat_privilege/abc/', headers: adam.auth })).statusCode, 400);
});

t.test('ending locks the chat for both; unlocking again costs a credit', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  await giveCredits(db, adam, 2);
  await unlock(app, adam, matchId);

  const ended = await end(app, eve, matchId);
  t.equal(ended.statusCode, 200, 'either member may end it');
  t.match(ended.json(), { chat_unlocked: false, charged: false });
  t.equal(await unlockedAt(db, matchId), null);
  t.equal((await end(app, adam, matchId)).statusCode, 409, 'ending a locked chat says so');
  t.equal((await cancel(app, adam, matchId)).statusCode, 409, 'nothing to refund after an end');
  t.match((await unlock(app, adam, matchId)).json(), { charged: true, current_credits: 0 });
  t.same(await ledgerMismatches(db), []);
});

t.test('cancelling refunds an unused unlock to its payer, once', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  await giveCredits(db, adam, 1);
  await unlock(app, adam, matchId);

  const notPayer = await cancel(app, eve, matchId);
  t.equal(notPayer.statusCode, 409);
  t.equal(notPayer.json().error, 'Only the member who unlocked this chat can cancel its payment.');

  const refunded = await cancel(app, adam, matchId);
  t.equal(refunded.statusCode, 200, refunded.body);
  t.match(refunded.json(), { chat_unlocked: false, current_credits: 1 });
  t.equal((await cancel(app, adam, matchId)).statusCode, 409, 'a second cancel refunds nothing');
  t.equal(await balanceOf(db, adam), 1);

  await unlock(app, adam, matchId);
  await db.execute(sql`insert into chat_messages (match_id, from_profile_id, body) values (${matchId}, ${eve.profileId}, 'hello')`);
  const used = await cancel(app, adam, matchId);
  t.equal(used.statusCode, 409, 'a conversation that has begun is not refunded');
  t.equal(used.json().error, 'Messages have been sent in this chat since it was unlocked, so its credit cannot be returned.');
  t.equal(await balanceOf(db, adam), 0);
  const kinds = await db.execute<{ kind: string }>(sql`select kind from credit_ledger where profile_id = ${adam.profileId} order by id`);
  t.same(
    kinds.map((row) => row.kind),
    ['grant', 'spend', 'refund', 'spend'],
  );
  t.same(await ledgerMismatches(db), []);
});

t.test('two members unlocking the same chat at once pay once between them', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  await giveCredits(db, adam, 1);
  await giveCredits(db, eve, 1);
  const answers = await Promise.all([
    unlock(app, adam, matchId),
    unlock(app, eve, matchId),
    unlock(app, adam, matchId),
    unlock(app, eve, matchId),
  ]);
  t.ok(answers.every((answer) => answer.statusCode === 200));
  t.equal(answers.filter((answer) => answer.json().charged).length, 1, 'exactly one charge');
  t.equal((await balanceOf(db, adam)) + (await balanceOf(db, eve)), 1);
  t.same(await ledgerMismatches(db), []);
});

t.test('an unmatch racing an unlock: either the unlock sees no match, or it is charged and the match then goes', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  await giveCredits(db, adam, 1);
  const [unlocked, unmatched] = await Promise.all([
    unlock(app, adam, matchId),
    app.inject({ method: 'POST', url: `/api/v1/match/unmatch/${adam.profileId}/`, headers: eve.auth }),
  ]);
  t.equal(unmatched.statusCode, 200);
  t.ok([200, 404].includes(unlocked.statusCode), unlocked.body);
  t.equal(await balanceOf(db, adam), unlocked.statusCode === 200 ? 0 : 1, 'charged only when it unlocked');
  t.same(await ledgerMismatches(db), []);
});

t.test('an unlock retried with its Idempotency-Key answers the first result and spends one credit', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve, lena] = [await man(app, db), await woman(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  const otherMatch = await matchBetween(app, adam, lena);
  await giveCredits(db, adam, 3);

  const first = await unlock(app, adam, matchId, 'unlock-1');
  t.equal(first.statusCode, 200);
  t.match(first.json(), { charged: true, current_credits: 2 });
  const retry = await unlock(app, adam, matchId, 'unlock-1');
  t.equal(retry.statusCode, 200);
  t.same(retry.json(), first.json(), 'the retry gets the first answer: charged, as it was');
  const unkeyed = (await unlock(app, adam, matchId)).json() as { charged: boolean };
  t.equal(unkeyed.charged, false, 'without the key, an open chat answers charged: false');
  t.equal(await balanceOf(db, adam), 2, 'one credit spent in all');

  const reused = await unlock(app, adam, otherMatch, 'unlock-1');
  t.equal(reused.statusCode, 409, 'the same key for another match is refused');
  t.equal(await unlockedAt(db, otherMatch), null, 'and unlocks nothing');
  t.equal(await balanceOf(db, adam), 2);

  const theirs = await unlock(app, eve, matchId, 'unlock-1');
  t.equal(theirs.statusCode, 200, "a key is the member's own: the same text from another member is a new request");
  t.equal((theirs.json() as { charged: boolean }).charged, false, 'the chat is already open for her');
  t.same(await ledgerMismatches(db), []);
});

t.test('a failed unlock keeps no answer: its retry with the same key runs again', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  const broke = await unlock(app, adam, matchId, 'try-1');
  t.equal(broke.statusCode, 402, 'no credit yet');
  await giveCredits(db, adam, 1);
  const paid = await unlock(app, adam, matchId, 'try-1');
  t.equal(paid.statusCode, 200);
  t.equal((paid.json() as { charged: boolean }).charged, true, 'the retry after buying a credit unlocks');
  t.equal(await balanceOf(db, adam), 0);
});

t.test('the same unlock sent twice at once with one key pays once and both get the paid answer', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [adam, eve] = [await man(app, db), await woman(app, db)];
  const matchId = await matchBetween(app, adam, eve);
  await giveCredits(db, adam, 2);
  const answers = await Promise.all([unlock(app, adam, matchId, 'twin'), unlock(app, adam, matchId, 'twin')]);
  t.same(
    answers.map((a) => a.statusCode),
    [200, 200],
  );
  t.same(
    answers.map((a) => (a.json() as { charged: boolean }).charged),
    [true, true],
    'the second waited for the first and answers its result',
  );
  t.equal(await balanceOf(db, adam), 1, 'one credit spent');
  t.same(await ledgerMismatches(db), []);
});
