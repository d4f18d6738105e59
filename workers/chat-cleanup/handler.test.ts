/**
 * chat-cleanup against a real database and media store: an ended match's chat photos leave the
 * store and the uploads table; other chats keep theirs; a repeat is harmless; a store failure is
 * retried (the rows stay until the files are gone).
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import { derivativeKeyOf, type MediaStore } from '../../server/kernel/media/index.ts';
import { buildTestApp } from '../../server/test/app.ts';
import { approvedChatPhoto, chattingPair, sendMessage } from '../../server/test/chat.ts';
import { post } from '../../server/test/members.ts';
import { memoryLog } from '../../server/test/nats.ts';
import { processDelivery } from '../runtime/consume.ts';
import { chatCleanupHandler } from './handler.ts';

// The API and notifications only: this test runs the cleanup itself, when it chooses.
const WITHOUT_CLEANUP = { WORKERS: 'notifications' };

const delivery = (event: EventOf<'matches.removed'>, attempt = 1) => ({
  subject: event.subject,
  eventId: event.id,
  occurredAt: event.occurredAt,
  body: JSON.stringify(event.payload),
  attempt,
  ack: () => {},
  nak: () => {},
  term: () => {},
  working: () => {},
});

t.test('an ended match loses its chat photos, and only its own', async (t) => {
  const { app, db, media } = await buildTestApp(t, WITHOUT_CLEANUP);
  const ended = await chattingPair(app, db);
  const kept = await chattingPair(app, db);
  const sentPhoto = await approvedChatPhoto(app, db, media, ended.a);
  const peerPhoto = await approvedChatPhoto(app, db, media, ended.b);
  const otherChatPhoto = await approvedChatPhoto(app, db, media, kept.a);
  for (const [member, matchId, uploadId] of [
    [ended.a, ended.matchId, sentPhoto],
    [ended.b, ended.matchId, peerPhoto],
    [kept.a, kept.matchId, otherChatPhoto],
  ] as const) {
    t.equal((await sendMessage(app, member, matchId, { uploadId })).statusCode, 201);
  }
  t.equal((await post(app, ended.a, `/api/v1/match/unmatch/${ended.b.profileId}/`)).statusCode, 200);
  const [row] = await db.execute<{ id: number; payload: EventOf<'matches.removed'>['payload']; created_at: Date }>(
    sql`select id, payload, created_at from outbox where subject = 'matches.removed'`,
  );
  const event: EventOf<'matches.removed'> = {
    id: Number(row.id),
    subject: 'matches.removed',
    payload: row.payload,
    occurredAt: new Date(row.created_at).toISOString(),
  };
  const files = (userId: number, uploadId: string) =>
    (['thumbnail', 'preview', 'full'] as const).map((size) => derivativeKeyOf(userId, uploadId, size));
  const uploadsLeft = async () =>
    (await db.execute<{ id: string }>(sql`select id from uploads where purpose = 'chat' order by id`)).map((r) => r.id);

  // Awaited: the real cleanup below must not run until this one has failed.
  await t.test('a store that fails: retried, rows kept', async (t) => {
    const failing: MediaStore = Object.assign(Object.create(media) as MediaStore, {
      delete: async () => {
        throw new Error('store unreachable');
      },
    });
    t.equal(
      await processDelivery(chatCleanupHandler({ db, media: failing }), delivery(event), memoryLog()),
      'nak',
      'a transient failure: retried',
    );
    t.equal((await uploadsLeft()).length, 3, 'no row went without its files');
  });

  const handler = chatCleanupHandler({ db, media });
  t.equal(await processDelivery(handler, delivery(event), memoryLog()), 'ack');
  for (const key of [...files(ended.a.userId, sentPhoto), ...files(ended.b.userId, peerPhoto)])
    t.equal(await media.size(key), null, `${key} removed`);
  for (const key of files(kept.a.userId, otherChatPhoto)) t.ok((await media.size(key)) !== null, `${key} of another chat stays`);
  t.same(await uploadsLeft(), [otherChatPhoto], 'the ended chat’s upload rows are gone, the other chat’s stays');
  t.equal(await processDelivery(handler, delivery(event, 2), memoryLog()), 'ack', 'a repeat finds nothing and acks');
});
