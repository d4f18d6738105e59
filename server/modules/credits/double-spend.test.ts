/**
 * The last credit spent once: one member with 1 credit and 100 matches sends 100 unlocks at the
 * same moment, half to each of two API processes (server/main.ts as `npm start` runs it) on one
 * database. Exactly one chat opens, the balance ends at 0 and the ledger agrees.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { buildTestApp, makeTempDir } from '../../test/app.ts';
import { giveCredits, ledgerMismatches } from '../../test/credits.ts';
import { likeProfile, man, woman } from '../../test/members.ts';
import { startServerProcess } from '../../test/server-process.ts';

const MATCHES = 100;

t.test('100 simultaneous unlocks over two processes with 1 credit: exactly one succeeds', async (t) => {
  const { app, db, databaseUrl, jwtSecret } = await buildTestApp(t);
  const adam = await man(app, db);
  const matchIds: number[] = [];
  for (let i = 0; i < MATCHES; i += 1) {
    const eve = await woman(app, db);
    await likeProfile(app, adam, eve.profileId);
    matchIds.push((await likeProfile(app, eve, adam.profileId)).json().match_id);
  }
  await giveCredits(db, adam, 1);

  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, WORKERS: 'notifications' };
  const servers = await Promise.all([
    startServerProcess(t, { ...env, DATA_DIR: await makeTempDir(t) }),
    startServerProcess(t, { ...env, DATA_DIR: await makeTempDir(t) }),
  ]);
  const answers = await Promise.all(
    matchIds.map((matchId, i) =>
      fetch(`${servers[i % 2].baseUrl}/api/v1/match/use_chat_credit/`, {
        method: 'POST',
        headers: { ...adam.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ match_id: matchId }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: string } })),
    ),
  );

  const succeeded = answers.filter((answer) => answer.status === 200);
  t.equal(succeeded.length, 1, 'exactly one unlock');
  t.ok(
    answers
      .filter((answer) => answer.status !== 200)
      .every((answer) => answer.status === 402 && answer.body.error === 'You need at least 1 credit to unlock this chat'),
    'every other one is told it needs a credit',
  );
  const [{ unlocked }] = await db.execute<{ unlocked: number }>(
    sql`select count(*)::int as unlocked from matches where chat_unlocked_at is not null`,
  );
  t.equal(unlocked, 1, 'one chat open');
  const [{ chats }] = await db.execute<{ chats: number }>(sql`select chats from profiles where id = ${adam.profileId}`);
  t.equal(chats, 0);
  t.same(await ledgerMismatches(db), [], 'the balance is the sum of the ledger');
});
