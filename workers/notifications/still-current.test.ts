/** stillCurrentIn against a real database: likes, matches and chat messages undone before delivery are not pushed. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import { likeProfile, man, post, woman } from '../../server/test/members.ts';
import { buildTestApp } from '../../server/test/app.ts';
import { stillCurrentIn } from './still-current.ts';

const at = new Date().toISOString();

t.test('a like or match is current until it is undone', async (t) => {
  const { app, db } = await buildTestApp(t);
  const stillCurrent = stillCurrentIn(db);
  const adam = await man(app, db);
  const eve = await woman(app, db);
  const members: [{ userId: number; profileId: number }, { userId: number; profileId: number }] = [
    { userId: adam.userId, profileId: adam.profileId },
    { userId: eve.userId, profileId: eve.profileId },
  ];
  await likeProfile(app, adam, eve.profileId);
  const matchId = (await likeProfile(app, eve, adam.profileId)).json().match_id as number;
  const [{ id: likeId }] = await db.execute<{ id: number }>(sql`select id from likes where from_profile_id = ${adam.profileId}`);
  const likeEvent: EventOf<'likes.created'> = {
    id: 1,
    subject: 'likes.created',
    occurredAt: at,
    payload: {
      likeId: Number(likeId),
      fromUserId: adam.userId,
      fromProfileId: adam.profileId,
      toUserId: eve.userId,
      toProfileId: eve.profileId,
      createdAt: at,
    },
  };
  const matchEvent: EventOf<'matches.created'> = {
    id: 2,
    subject: 'matches.created',
    occurredAt: at,
    payload: { matchId, members, createdAt: at },
  };
  const creditsEvent: EventOf<'credits.changed'> = {
    id: 3,
    subject: 'credits.changed',
    occurredAt: at,
    payload: { userId: adam.userId, delta: 1, balance: 1, reason: 'purchase', changedAt: at },
  };

  await db.execute(sql`update matches set chat_unlocked_at = now() where id = ${matchId}`);
  const sent = await app.inject({
    method: 'POST',
    url: `/api/v1/match/chat/${matchId}/`,
    headers: adam.auth,
    payload: { message: 'hello' },
  });
  const messageEvent: EventOf<'chat.message_sent'> = {
    id: 4,
    subject: 'chat.message_sent',
    occurredAt: at,
    payload: { messageId: sent.json().message.id, matchId, fromUserId: adam.userId, toUserId: eve.userId, hasPhoto: false, sentAt: at },
  };

  t.equal(await stillCurrent(likeEvent), true, 'the like stands');
  t.equal(await stillCurrent(matchEvent), true, 'the match stands');
  t.equal(await stillCurrent(messageEvent), true, 'the message stands');
  t.equal((await post(app, eve, `/api/v1/block/${adam.userId}/`)).statusCode, 200);
  t.equal(await stillCurrent(likeEvent), false, 'a block removed the like');
  t.equal(await stillCurrent(matchEvent), false, 'and the match');
  t.equal(await stillCurrent(messageEvent), false, 'and the chat with its messages');
  t.equal(await stillCurrent(creditsEvent), true, 'other events always push');
});
