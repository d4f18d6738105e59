/**
 * The matches list as a dating app shows it: latest activity first, each match with the newest
 * message the member can see (a preview) and how many of the peer's messages are unread, by the
 * chat's own rules (locked chats show nothing, cleared messages are gone from the clearer's view);
 * and the list query stays an index walk with hundreds of matches.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { clearChat, insertMessages, markRead, sendMessage, unlockChat } from '../../test/chat.ts';
import { get, likeProfile, type Member, man, post, woman } from '../../test/members.ts';
import { matchesListSql } from './likes.queries.ts';

interface Item {
  match_id: number;
  username: string;
  has_chat_payment: boolean;
  last_message: { id: number; from_me: boolean; text: string; has_photo: boolean; sent_at: string } | null;
  unread_count: number;
  last_activity_at: string;
  created_at: string;
}

const CHAT_WORKERS = { WORKERS: 'none' };

async function matchWith(app: Parameters<typeof likeProfile>[0], a: Member, b: Member): Promise<number> {
  await likeProfile(app, a, b.profileId);
  const answer = (await likeProfile(app, b, a.profileId)).json() as { match_id: number };
  return answer.match_id;
}

t.test('latest activity first, with a preview and an unread count per match', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const mia = await woman(app, db, {}, 'mia');
  const [ann, ben, cal] = [await man(app, db, {}, 'ann'), await man(app, db, {}, 'ben'), await man(app, db, {}, 'cal')];
  const withAnn = await matchWith(app, mia, ann);
  const withBen = await matchWith(app, mia, ben);
  const withCal = await matchWith(app, mia, cal);
  const list = async (member: Member = mia) => (await get(app, member, '/api/v1/match/matches/')).json().matches as Item[];
  const names = async (member: Member = mia) => (await list(member)).map((item) => item.username);

  t.same(await names(), ['cal', 'ben', 'ann'], 'without messages: the newest match first');
  const fresh = (await list())[0];
  t.equal(fresh.last_message, null, 'a locked chat has no preview');
  t.equal(fresh.unread_count, 0);
  t.equal(fresh.last_activity_at, fresh.created_at, 'its activity is the match itself');

  await t.test('a message moves its match to the top, with its preview', async (t) => {
    await unlockChat(app, db, mia, withAnn);
    t.same(await names(), ['ann', 'cal', 'ben'], 'unlocking is activity too');
    const sent = (await sendMessage(app, ann, withAnn, { message: '  Hello Mia!  ' })).json().message;
    const [top] = await list();
    t.match(top, { username: 'ann', has_chat_payment: true, unread_count: 1 });
    t.same(top.last_message, { id: sent.id, from_me: false, text: 'Hello Mia!', has_photo: false, sent_at: sent.createdAt });
    t.equal(top.last_activity_at, sent.createdAt);
    const [fromAnn] = await list(ann);
    t.match(fromAnn.last_message, { id: sent.id, from_me: true }, 'the sender sees it as theirs');
    t.equal(fromAnn.unread_count, 0, 'their own messages are never unread');

    await unlockChat(app, db, ben, withBen);
    await sendMessage(app, mia, withBen, { message: 'Hi Ben' });
    t.same(await names(), ['ben', 'ann', 'cal'], 'the latest conversation first');
  });

  await t.test('reading counts down; the preview is at most a line', async (t) => {
    const ids: number[] = [];
    for (const text of ['one', 'two', 'x'.repeat(2000)])
      ids.push((await sendMessage(app, ann, withAnn, { message: text })).json().message.id);
    const ofAnn = async () => (await list()).find((item) => item.match_id === withAnn) as Item;
    t.equal((await ofAnn()).unread_count, 4);
    t.equal((await ofAnn()).last_message?.text, 'x'.repeat(100), 'a long message is cut to 100 characters');
    t.equal((await markRead(app, mia, withAnn, ids[1])).statusCode, 200);
    t.equal((await ofAnn()).unread_count, 1, 'only what came after the read position');
    await markRead(app, mia, withAnn, ids[2]);
    t.equal((await ofAnn()).unread_count, 0);
    t.equal((await list(ann)).find((item) => item.match_id === withAnn)?.unread_count, 0, "the peer's count is their own");
  });

  await t.test('a cleared chat shows no preview and counts nothing it hid', async (t) => {
    await sendMessage(app, ann, withAnn, { message: 'are you there?' });
    t.equal((await clearChat(app, mia, withAnn)).statusCode, 200);
    const cleared = (await list()).find((item) => item.match_id === withAnn) as Item;
    t.equal(cleared.last_message, null);
    t.equal(cleared.unread_count, 0);
    t.notSame((await list(ann)).find((item) => item.match_id === withAnn)?.last_message, null, 'the peer still sees the history');
  });

  await t.test('a chat locked again shows nothing, as the chat itself does', async (t) => {
    await sendMessage(app, ben, withBen, { message: 'secret' });
    t.equal((await post(app, ben, `/api/v1/match/end_chat_privilege/${withBen}/`)).statusCode, 200);
    const locked = (await list()).find((item) => item.match_id === withBen) as Item;
    t.match(locked, { has_chat_payment: false, last_message: null, unread_count: 0 });
    t.equal(locked.last_activity_at, locked.created_at);
  });

  await t.test('the unread count stops at 100', async (t) => {
    await unlockChat(app, db, cal, withCal);
    await insertMessages(db, withCal, cal.profileId, 150);
    t.equal((await list()).find((item) => item.match_id === withCal)?.unread_count, 100);
  });

  await t.test('only my own matches, never a blocked member', async (t) => {
    const other = await woman(app, db, {}, 'other');
    t.same(await names(other), [], 'another member sees none of them');
    t.equal((await post(app, mia, `/api/v1/block/${cal.userId}/`)).statusCode, 200);
    t.notOk((await names()).includes('cal'), 'a block removes the match from the list');
  });
});

/** Members and matches written straight to the tables: enough rows for the planner to show its real plan. */
async function populate(db: Db, me: Member, peers: number, messagesPerMatch: number): Promise<void> {
  await db.execute(sql`
    with new_users as (
      insert into users (username, email, password_hash)
      select 'peer' || n, 'peer' || n || '@example.com', 'x' from generate_series(1, ${peers}) as n
      returning id
    )
    insert into profiles (user_id, is_complete) select id, true from new_users`);
  await db.execute(sql`
    insert into matches (profile_low_id, profile_high_id, chat_unlocked_at, seen_by_low_at, seen_by_high_at)
    select least(p.id, ${me.profileId}), greatest(p.id, ${me.profileId}), now(), now(), now()
    from profiles p where p.id <> ${me.profileId}`);
  // Matches among the others too, as in a real population: most rows are not mine.
  await db.execute(sql`
    insert into matches (profile_low_id, profile_high_id, chat_unlocked_at)
    select a.id, b.id, now() from profiles a join profiles b on b.id between a.id + 1 and a.id + 20
    where a.id <> ${me.profileId} and b.id <> ${me.profileId}`);
  await db.execute(sql`
    insert into chat_messages (match_id, from_profile_id, body)
    select m.id, case when n % 2 = 0 then m.profile_low_id else m.profile_high_id end, 'message ' || n
    from matches m cross join generate_series(1, ${messagesPerMatch}) as n`);
  await db.execute(sql`analyze`);
}

t.test('hundreds of matches: the list is an index walk, and quick', async (t) => {
  const { app, db } = await buildTestApp(t, CHAT_WORKERS);
  const me = await woman(app, db, {}, 'popular');
  await populate(db, me, 400, 30);
  const plan = (await db.execute<{ 'QUERY PLAN': string }>(sql`explain ${matchesListSql(me)}`)).map((row) => row['QUERY PLAN']).join('\n');
  t.notMatch(plan, /Seq Scan on chat_messages/, 'messages are reached through their index, never scanned');
  t.notMatch(plan, /Seq Scan on matches/, "the member's matches come from the pair indexes");
  t.match(plan, /chat_messages_match_id_idx/);

  const started = process.hrtime.bigint();
  const response = await get(app, me, '/api/v1/match/matches/');
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  t.equal(response.statusCode, 200);
  const items = response.json().matches as Item[];
  t.equal(items.length, 400);
  t.ok(
    items.every((item) => item.last_message !== null && item.unread_count === 15),
    'a preview and the count on each',
  );
  t.comment(
    `400 matches with 30 messages each, ${(await db.execute<{ n: number }>(sql`select count(*)::int as n from matches`))[0].n} matches in all: ${ms.toFixed(1)} ms`,
  );
});
