/**
 * Races between two members' actions on one pair, each sent at the same moment many times over:
 * a block against a like and a like back, an account deletion against a like or a block. What
 * must hold whoever wins: no like or match survives between blocked members, no answer is a 5xx,
 * and every match announced as created is also announced as removed once it is gone.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { likeProfile, type Member, man, post, woman } from '../../test/members.ts';

const PAIRS = 30;

async function outbox(db: Db, subject: string): Promise<Array<{ id: number; payload: { matchId?: number } }>> {
  const rows = await db.execute<{ id: number; payload: { matchId?: number } }>(
    sql`select id, payload from outbox where subject = ${subject} order by id`,
  );
  return rows.map((row) => ({ id: Number(row.id), payload: row.payload }));
}

/** Every matches.created has a later matches.removed for the same match, unless the match still exists. */
async function unannouncedRemovals(db: Db): Promise<number[]> {
  const created = await outbox(db, 'matches.created');
  const removed = await outbox(db, 'matches.removed');
  const existing = new Set((await db.execute<{ id: number }>(sql`select id from matches`)).map((row) => Number(row.id)));
  return created
    .filter((event) => !existing.has(Number(event.payload.matchId)))
    .filter((event) => !removed.some((later) => later.id > event.id && later.payload.matchId === event.payload.matchId))
    .map((event) => Number(event.payload.matchId));
}

async function couples(app: Parameters<typeof man>[0], db: Db, count: number, prefix: string): Promise<Array<[Member, Member]>> {
  const pairs: Array<[Member, Member]> = [];
  for (let i = 0; i < count; i++) {
    pairs.push([await man(app, db, {}, `${prefix}_m${i}`), await woman(app, db, {}, `${prefix}_w${i}`)]);
  }
  return pairs;
}

const deleteAccount = (app: Parameters<typeof man>[0], member: Member) =>
  app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: member.auth });

t.test('a block holds against a like and a like back sent at the same moment', async (t) => {
  const { app, db } = await buildTestApp(t);
  const pairs = await couples(app, db, PAIRS, 'race');
  const statuses: number[] = [];
  await Promise.all(
    pairs.map(async ([a, b]) => {
      const answers = await Promise.all([
        post(app, a, `/api/v1/block/${b.userId}/`),
        likeProfile(app, b, a.profileId),
        likeProfile(app, a, b.profileId),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }),
  );
  t.same(
    statuses.filter((status) => status >= 500),
    [],
    'no answer is a server error',
  );
  t.equal(statuses.filter((status) => status === 200).length >= PAIRS, true, 'every block went through');

  const [{ likes, matches }] = await db.execute<{ likes: number; matches: number }>(sql`
    select
      (select count(*)::int from likes l join profiles f on f.id = l.from_profile_id join profiles o on o.id = l.to_profile_id
        join blocks b on (b.blocker_user_id = f.user_id and b.blocked_user_id = o.user_id)
                      or (b.blocker_user_id = o.user_id and b.blocked_user_id = f.user_id)) as likes,
      (select count(*)::int from matches) as matches`);
  t.equal(likes, 0, 'no like survives between blocked members');
  t.equal(matches, 0, 'no match survives between blocked members');
  t.same(await unannouncedRemovals(db), [], 'every match that went was announced as removed');

  // Unblocking restores visibility as between strangers: nothing comes back.
  for (const [a, b] of pairs) {
    const unblocked = await app.inject({ method: 'DELETE', url: `/api/v1/block/${b.userId}/unblock/`, headers: a.auth });
    t.equal(unblocked.statusCode, 200);
  }
  const [{ n }] = await db.execute<{ n: number }>(sql`select (select count(*) from matches) + (select count(*) from likes) as n`);
  t.equal(Number(n), 0, 'unblocking brings back no like and no match');
});

t.test('a like or a like back racing the liked member deleting their account', async (t) => {
  const { app, db } = await buildTestApp(t);
  const pairs = await couples(app, db, 20, 'gone');
  // Half the targets already like their suitor, so a winning like makes a match the deletion must announce.
  for (const [suitor, target] of pairs.slice(0, 10)) await likeProfile(app, target, suitor.profileId);
  const statuses: number[] = [];
  await Promise.all(
    pairs.map(async ([suitor, target]) => {
      const [liked, deleted] = await Promise.all([likeProfile(app, suitor, target.profileId), deleteAccount(app, target)]);
      statuses.push(liked.statusCode, deleted.statusCode);
      t.ok([200, 404].includes(liked.statusCode), `the like answers 200 or 404, got ${liked.statusCode} ${liked.body}`);
      t.equal(deleted.statusCode, 200, 'the deletion goes through');
    }),
  );
  t.same(
    statuses.filter((status) => status >= 500),
    [],
    'no answer is a server error',
  );
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from matches`);
  t.equal(n, 0, 'no match outlives a deleted member');
  t.same(await unannouncedRemovals(db), [], 'every match created in the race was announced as removed');
});

t.test('a block racing the blocked member deleting their account', async (t) => {
  const { app, db } = await buildTestApp(t);
  const pairs = await couples(app, db, 10, 'bye');
  const statuses: number[] = [];
  await Promise.all(
    pairs.map(async ([blocker, target]) => {
      const [blocked, deleted] = await Promise.all([post(app, blocker, `/api/v1/block/${target.userId}/`), deleteAccount(app, target)]);
      statuses.push(blocked.statusCode, deleted.statusCode);
      t.ok([200, 404].includes(blocked.statusCode), `the block answers 200 or 404, got ${blocked.statusCode} ${blocked.body}`);
    }),
  );
  t.same(
    statuses.filter((status) => status >= 500),
    [],
    'no answer is a server error',
  );
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from blocks`);
  t.equal(n, 0, 'no block outlives the deleted member');
});
