/**
 * Demo like-backs through the real app: a like on a demo member who likes back makes a match
 * (and the liker's match push), one on a demo member who does not makes nothing, a like-back the
 * like path refuses is dropped, and with the feature off nothing happens at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import t from 'tap';
import type { PushMessage } from '../../server/contract/realtime.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { blocks, eventDeliveries, outbox, profiles, users } from '../../server/kernel/db/schema/index.ts';
import { seedDemoMembers } from '../../server/seed/population-seed.ts';
import { buildTestApp } from '../../server/test/app.ts';
import { get, likeProfile, man, type Member } from '../../server/test/members.ts';
import { waitFor } from '../../server/test/nats.ts';
import { DEMO_LIKE_BACKS, likesBack } from './handler.ts';

const PERCENT = 50;
/** Only the notifications handler, whose match push the liker should get. */
const HANDLERS = { WORKERS: 'notifications' };

interface DemoWoman {
  userId: number;
  profileId: number;
}

/** Demo women (the test member is a man), split by whether they like back at PERCENT. */
async function demoWomen(db: Db): Promise<{ answering: DemoWoman[]; silent: DemoWoman[] }> {
  const rows = await db
    .select({ userId: users.id, profileId: profiles.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.isDemo, true), eq(profiles.gender, 'Woman')));
  return {
    answering: rows.filter((r) => likesBack(r.userId, PERCENT)),
    silent: rows.filter((r) => !likesBack(r.userId, PERCENT)),
  };
}

async function matchedProfileIds(app: Parameters<typeof get>[0], member: Member): Promise<number[]> {
  const response = await get(app, member, '/api/v1/match/matches/');
  return (response.json() as { matches: Array<{ id: number }> }).matches.map((m) => m.id);
}

/** Waits until `handler` has settled the likes.created event of this like. */
async function settled(db: Db, handler: string, fromProfileId: number, toProfileId: number): Promise<string> {
  let outcome = '';
  await waitFor(
    async () => {
      const [row] = await db
        .select({ outcome: eventDeliveries.outcome })
        .from(eventDeliveries)
        .innerJoin(outbox, eq(outbox.id, eventDeliveries.eventId))
        .where(
          and(
            eq(eventDeliveries.handler, handler),
            eq(outbox.subject, 'likes.created'),
            sql`(${outbox.payload}->>'fromProfileId')::bigint = ${fromProfileId}`,
            sql`(${outbox.payload}->>'toProfileId')::bigint = ${toProfileId}`,
          ),
        );
      outcome = row?.outcome ?? '';
      return outcome !== '';
    },
    10_000,
    `${handler} to settle the like`,
  );
  return outcome;
}

t.test('likesBack picks a steady share of members', async (t) => {
  const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
  const share = ids.filter((id) => likesBack(id, 40)).length / ids.length;
  t.ok(share > 0.37 && share < 0.43, `about 40% (${share})`);
  t.equal(likesBack(123, 40), likesBack(123, 40), 'the same member always answers the same way');
  t.equal(ids.filter((id) => likesBack(id, 0)).length, 0, '0% is nobody');
  t.equal(ids.filter((id) => likesBack(id, 100)).length, ids.length, '100% is everybody');
});

t.test('a like on a demo member who likes back makes a match, with the push; on one who does not, nothing', async (t) => {
  const { app, db } = await buildTestApp(t, { ...HANDLERS, DEMO_LIKE_BACK_PERCENT: String(PERCENT), DEMO_LIKE_BACK_DELAY_MS: '0' });
  await seedDemoMembers(db, 40, () => {});
  const { answering, silent } = await demoWomen(db);
  t.ok(answering.length > 0 && silent.length > 0, `both kinds among the demo women (${answering.length} answer, ${silent.length} do not)`);

  const adam = await man(app, db, {}, 'adam');
  const pushes: PushMessage[] = [];
  const unsubscribe = app.events.push.subscribe(adam.userId, (message) => pushes.push(message));
  t.teardown(unsubscribe);

  t.equal((await likeProfile(app, adam, answering[0].profileId)).json().match_created, false, 'no match at the moment of the like');
  t.equal((await likeProfile(app, adam, silent[0].profileId)).statusCode, 200);

  await waitFor(async () => (await matchedProfileIds(app, adam)).includes(answering[0].profileId), 10_000, 'the like-back match');
  t.pass('the demo member liked back: a match');
  await waitFor(() => pushes.some((p) => p.type === 'match.created'), 10_000, 'the match push');
  const push = pushes.find((p) => p.type === 'match.created') as Extract<PushMessage, { type: 'match.created' }>;
  t.equal(push.data.peerProfileId, answering[0].profileId, 'the liker is told of the match');

  t.equal(await settled(db, DEMO_LIKE_BACKS, adam.profileId, silent[0].profileId), 'acked', 'the other like was seen');
  t.notOk((await matchedProfileIds(app, adam)).includes(silent[0].profileId), 'and left unanswered');
});

t.test('a like-back the like path refuses is dropped quietly', async (t) => {
  const { app, db } = await buildTestApp(t, { ...HANDLERS, DEMO_LIKE_BACK_PERCENT: String(PERCENT), DEMO_LIKE_BACK_DELAY_MS: '400' });
  await seedDemoMembers(db, 40, () => {});
  const { answering } = await demoWomen(db);
  const adam = await man(app, db, {}, 'adam');
  t.equal((await likeProfile(app, adam, answering[0].profileId)).statusCode, 200);
  // Within the pause, the demo member blocks the liker (written directly: nobody signs in as her).
  await db.insert(blocks).values({ blockerUserId: answering[0].userId, blockedUserId: adam.userId });
  t.equal(await settled(db, DEMO_LIKE_BACKS, adam.profileId, answering[0].profileId), 'acked', 'settled, not retried');
  const [likeBack] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from likes where from_profile_id = ${answering[0].profileId}`,
  );
  t.equal(likeBack.n, 0, 'no like was written');
  const [matches] = await db.execute<{ n: number }>(sql`select count(*)::int as n from matches`);
  t.equal(matches.n, 0, 'no match');
});

t.test('with the feature off (the test default) nothing likes back', async (t) => {
  const { app, db } = await buildTestApp(t, HANDLERS);
  await seedDemoMembers(db, 40, () => {});
  const { answering } = await demoWomen(db);
  const adam = await man(app, db, {}, 'adam');
  t.equal((await likeProfile(app, adam, answering[0].profileId)).statusCode, 200);
  // The notifications handler settling the event shows it went through the bus.
  await settled(db, 'notifications', adam.profileId, answering[0].profileId);
  const [owed] = await db.execute<{ n: number }>(sql`select count(*)::int as n from event_deliveries where handler = ${DEMO_LIKE_BACKS}`);
  t.equal(owed.n, 0, 'no like-back consumer ran');
  t.same(await matchedProfileIds(app, adam), [], 'no match');
});
