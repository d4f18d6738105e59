import t from 'tap';
import type { PushMessage } from '../../server/contract/realtime.ts';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import type { PushBus } from '../../server/kernel/events/push.ts';
import { memoryLog } from '../../server/test/nats.ts';
import { processDelivery } from '../runtime/consume.ts';
import { notificationsHandler, pushesFor } from './handler.ts';

const at = '2026-05-01T10:00:00.000Z';
const alice = { userId: 1, profileId: 11 };
const bob = { userId: 2, profileId: 12 };

function fakeBus(fail = false): PushBus & { sent: Array<{ userId: number; message: PushMessage }> } {
  const sent: Array<{ userId: number; message: PushMessage }> = [];
  return {
    kind: 'in-process',
    sent,
    async publish(userId, message) {
      if (fail) throw new Error('NATS is not connected');
      sent.push({ userId, message });
    },
    subscribe: () => () => {},
    close: async () => {},
  };
}

t.test('each event becomes pushes for exactly the members it concerns', async (t) => {
  const cases: Array<
    [
      EventOf<'matches.created' | 'likes.created' | 'chat.message_sent' | 'chat.unlocked' | 'credits.changed' | 'uploads.status_changed'>,
      Array<[number, string]>,
    ]
  > = [
    [
      { id: 5, subject: 'matches.created', occurredAt: at, payload: { matchId: 9, members: [alice, bob], createdAt: at } },
      [
        [1, 'match.created'],
        [2, 'match.created'],
      ],
    ],
    [
      {
        id: 6,
        subject: 'likes.created',
        occurredAt: at,
        payload: { likeId: 3, fromUserId: 1, fromProfileId: 11, toUserId: 2, toProfileId: 12, createdAt: at },
      },
      [[2, 'like.received']],
    ],
    [
      {
        id: 11,
        subject: 'likes.created',
        occurredAt: at,
        payload: { likeId: 4, liked: false, fromUserId: 1, fromProfileId: 11, toUserId: 2, toProfileId: 12, createdAt: at },
      },
      [],
    ],
    [
      {
        id: 7,
        subject: 'chat.message_sent',
        occurredAt: at,
        payload: { messageId: 4, matchId: 9, fromUserId: 2, toUserId: 1, hasPhoto: false, sentAt: at },
      },
      [
        [1, 'chat.message'],
        [2, 'chat.message'],
      ],
    ],
    [
      {
        id: 8,
        subject: 'chat.unlocked',
        occurredAt: at,
        payload: { matchId: 9, unlockedByUserId: 1, members: [alice, bob], unlockedAt: at },
      },
      [
        [1, 'chat.unlocked'],
        [2, 'chat.unlocked'],
      ],
    ],
    [
      {
        id: 9,
        subject: 'credits.changed',
        occurredAt: at,
        payload: { userId: 1, delta: 3, balance: 5, reason: 'purchase', changedAt: at },
      },
      [[1, 'credits.updated']],
    ],
    [
      {
        id: 10,
        subject: 'uploads.status_changed',
        occurredAt: at,
        payload: { uploadId: 'u1', userId: 2, state: 'rejected', rejectionReason: 'Photo was rejected', changedAt: at },
      },
      [[2, 'upload.status']],
    ],
  ];
  for (const [event, expected] of cases) {
    const pushes = pushesFor(event);
    t.same(
      pushes.map((p) => [p.userId, p.message.type]),
      expected,
      event.subject,
    );
    for (const p of pushes) t.equal(p.message.id, `${event.id}:${p.userId}`, 'stable id per event and member');
  }
  const [toAlice, toBob] = pushesFor(cases[0][0]);
  t.match(toAlice.message.data, { matchId: 9, peerUserId: 2, peerProfileId: 12 }, 'each member learns about the other');
  t.match(toBob.message.data, { matchId: 9, peerUserId: 1, peerProfileId: 11 });
  t.same(
    pushesFor(cases[1][0])[0].message.data,
    { likeId: 3, fromUserId: 1, fromProfileId: 11, createdAt: at },
    'no more than the likes list shows',
  );
});

t.test('a removed match is pushed to both members, the same words whatever ended it', async (t) => {
  const reasons = ['unlike', 'unmatch', 'block', 'deleted'] as const;
  const seen = new Set<string>();
  for (const [index, reason] of reasons.entries()) {
    const event: EventOf<'matches.removed'> = {
      id: 20 + index,
      subject: 'matches.removed',
      occurredAt: at,
      payload: { matchId: 9, members: [alice, bob], removedByUserId: alice.userId, reason, removedAt: at },
    };
    const pushes = pushesFor(event);
    t.same(
      pushes.map((p) => [p.userId, p.message.type]),
      [
        [1, 'match.removed'],
        [2, 'match.removed'],
      ],
      reason,
    );
    for (const p of pushes) {
      t.same(p.message.data, { matchId: 9, removedAt: at }, `${reason}: neither the cause nor who ended it`);
      seen.add(JSON.stringify(p.message.data));
    }
  }
  t.equal(seen.size, 1, 'a blocked member cannot tell a block from an unmatch or a deletion');
});

t.test('through the runtime: pushes go out; an unreachable bus means retry, not loss', async (t) => {
  const body = JSON.stringify({ matchId: 9, members: [alice, bob], createdAt: at });
  const settle: string[] = [];
  const delivery = (attempt: number) => ({
    subject: 'matches.created',
    eventId: 5,
    occurredAt: at,
    body,
    attempt,
    ack: () => settle.push('ack'),
    nak: () => settle.push('nak'),
    term: () => settle.push('term'),
    working: () => {},
  });

  const bus = fakeBus();
  t.equal(await processDelivery(notificationsHandler(bus), delivery(1), memoryLog()), 'ack');
  t.same(bus.sent.map((s) => s.userId).sort(), [1, 2]);

  const down = fakeBus(true);
  t.equal(await processDelivery(notificationsHandler(down), delivery(1), memoryLog()), 'nak', 'transient: nak with backoff');
  t.equal(
    await processDelivery(notificationsHandler(down), delivery(5), memoryLog()),
    'term',
    'stale after maxDeliver: terminated and logged',
  );
  t.same(settle, ['ack', 'nak', 'term']);

  const quiet = fakeBus();
  const undone = notificationsHandler(quiet, async () => false);
  t.equal(await processDelivery(undone, delivery(1), memoryLog()), 'ack', 'an event whose state is gone is settled');
  t.same(quiet.sent, [], 'and announces nothing');
});
