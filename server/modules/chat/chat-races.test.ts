/**
 * A send holds the match row, not the pair lock (members/open-match.ts): these races show it is
 * still ordered against everything that could make it wrong. Each round has exactly one
 * consistent outcome or the other, never both, and never a server error.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { chattingPair, sendMessage } from '../../test/chat.ts';
import { balanceOf, ledgerMismatches } from '../../test/credits.ts';
import { post } from '../../test/members.ts';

const ROUNDS = 8;

async function messagesIn(db: Db, matchId: number): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages where match_id = ${matchId}`);
  return row.n;
}

const cancel = (app: FastifyInstance, member: { auth: { authorization: string } }, matchId: number) =>
  app.inject({ method: 'POST', url: '/api/v1/match/cancel_chat_payment/', headers: member.auth, payload: { match_id: matchId } });

t.test('a send racing the payer’s cancel: either the message and no refund, or the refund and no message', async (t) => {
  const { app, db } = await buildTestApp(t);
  for (let round = 0; round < ROUNDS; round += 1) {
    const { a, b, matchId } = await chattingPair(app, db);
    const [sent, canceled] = await Promise.all([sendMessage(app, b, matchId, { message: 'hi' }), cancel(app, a, matchId)]);
    if (sent.statusCode === 201) {
      t.equal(canceled.statusCode, 409, `round ${round}: the message came first, no refund`);
      t.equal(await balanceOf(db, a), 0);
      t.equal(await messagesIn(db, matchId), 1);
    } else {
      t.equal(sent.statusCode, 403, `round ${round}: the refund came first, the chat is locked (${sent.body})`);
      t.equal(canceled.statusCode, 200);
      t.equal(await balanceOf(db, a), 1);
      t.equal(await messagesIn(db, matchId), 0);
    }
  }
  t.same(await ledgerMismatches(db), []);
});

t.test('a send racing a block, an unmatch or an account deletion: stored then removed, or refused', async (t) => {
  const { app, db } = await buildTestApp(t);
  const removals: Array<[string, (pair: Awaited<ReturnType<typeof chattingPair>>) => Promise<{ statusCode: number }>]> = [
    ['block', ({ a, b }) => post(app, b, `/api/v1/block/${a.userId}/`)],
    ['unmatch', ({ a, b }) => post(app, b, `/api/v1/match/unmatch/${a.profileId}/`)],
    ['deletion', ({ b }) => post(app, b, '/api/v1/profile/delete/')],
  ];
  for (const [what, remove] of removals) {
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      const pair = await chattingPair(app, db);
      const [sent, removed] = await Promise.all([sendMessage(app, pair.a, pair.matchId, { message: 'still there?' }), remove(pair)]);
      t.equal(removed.statusCode, 200, `${what} ${round}`);
      t.ok([201, 404].includes(sent.statusCode), `${what} ${round}: the send is stored or not found, never an error (${sent.statusCode})`);
      t.equal(await messagesIn(db, pair.matchId), 0, `${what} ${round}: nothing is left of the conversation`);
    }
  }
});

t.test('identical sends with one Idempotency-Key at the same moment store one message', async (t) => {
  const { app, db } = await buildTestApp(t);
  const { a, matchId } = await chattingPair(app, db);
  const answers = await Promise.all(Array.from({ length: 6 }, () => sendMessage(app, a, matchId, { message: 'once' }, 'key-1')));
  t.same(answers.map((answer) => answer.statusCode).sort(), [200, 200, 200, 200, 200, 201]);
  t.equal(new Set(answers.map((answer) => answer.json().message.id)).size, 1, 'all answer the same message');
  t.equal(await messagesIn(db, matchId), 1);
});
