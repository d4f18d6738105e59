/**
 * notifications: turns events into realtime pushes for the members they concern.
 *   matches.created        -> match.created   to both members
 *   matches.removed        -> match.removed   to both members (no cause: a block is not told apart)
 *   likes.created          -> like.received   to the liked member (passes: nothing)
 *   chat.message_sent      -> chat.message    to the recipient, and the sender's other sockets
 *   chat.unlocked          -> chat.unlocked   to both members
 *   chat.locked            -> chat.locked     to both members
 *   credits.changed        -> credits.updated to the member
 *   uploads.status_changed -> upload.status   to the uploader
 * Idempotent: every push carries id `<eventId>:<userId>`; the gateway drops a repeated id and the
 * client may too. A push to an offline member is simply not received (they refetch over HTTP).
 */
import type { PushData, PushMessage, PushType } from '../../server/contract/realtime.ts';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import type { PushBus } from '../../server/kernel/events/push.ts';
import { defineHandler } from '../runtime/handler.ts';
import type { StillCurrent } from './still-current.ts';

export const NOTIFICATION_SUBJECTS = [
  'matches.created',
  'matches.removed',
  'likes.created',
  'chat.message_sent',
  'chat.unlocked',
  'chat.locked',
  'credits.changed',
  'uploads.status_changed',
] as const;

export type NotificationEvent = EventOf<(typeof NOTIFICATION_SUBJECTS)[number]>;

export interface Push {
  userId: number;
  message: PushMessage;
}

/** The pushes one event causes. Pure, so the mapping is tested without any transport. */
export function pushesFor(event: NotificationEvent): Push[] {
  const to = <T extends PushType>(userId: number, type: T, data: PushData[T]): Push => ({
    userId,
    message: { type, id: `${event.id}:${userId}`, at: event.occurredAt, data } as PushMessage,
  });
  switch (event.subject) {
    case 'matches.created': {
      const { matchId, createdAt, members } = event.payload;
      const [a, b] = members;
      return [
        [a, b],
        [b, a],
      ].map(([self, peer]) =>
        to(self.userId, 'match.created', { matchId, peerUserId: peer.userId, peerProfileId: peer.profileId, createdAt }),
      );
    }
    case 'matches.removed': {
      const { matchId, removedAt, members } = event.payload;
      // Neither the cause nor who ended it: the member who was blocked sees what an unmatch shows.
      return members.map((member) => to(member.userId, 'match.removed', { matchId, removedAt }));
    }
    case 'likes.created': {
      const p = event.payload;
      // Nobody is told about a pass.
      if (p.liked === false) return [];
      return [
        to(p.toUserId, 'like.received', {
          likeId: p.likeId,
          fromUserId: p.fromUserId,
          fromProfileId: p.fromProfileId,
          createdAt: p.createdAt,
        }),
      ];
    }
    case 'chat.message_sent': {
      const p = event.payload;
      const data = { messageId: p.messageId, matchId: p.matchId, fromUserId: p.fromUserId, hasPhoto: p.hasPhoto, sentAt: p.sentAt };
      // The sender too, so their other tabs and devices show the message without waiting for a poll.
      return [to(p.toUserId, 'chat.message', data), to(p.fromUserId, 'chat.message', data)];
    }
    case 'chat.unlocked': {
      const p = event.payload;
      return p.members.map((member) =>
        to(member.userId, 'chat.unlocked', { matchId: p.matchId, unlockedByUserId: p.unlockedByUserId, unlockedAt: p.unlockedAt }),
      );
    }
    case 'chat.locked': {
      const p = event.payload;
      return p.members.map((member) =>
        to(member.userId, 'chat.locked', { matchId: p.matchId, lockedByUserId: p.lockedByUserId, reason: p.reason, lockedAt: p.lockedAt }),
      );
    }
    case 'credits.changed': {
      const p = event.payload;
      return [to(p.userId, 'credits.updated', { balance: p.balance, delta: p.delta, reason: p.reason, changedAt: p.changedAt })];
    }
    case 'uploads.status_changed': {
      const p = event.payload;
      return [
        to(p.userId, 'upload.status', {
          uploadId: p.uploadId,
          state: p.state,
          rejectionReason: p.rejectionReason ?? null,
          changedAt: p.changedAt,
        }),
      ];
    }
  }
}

/** Every event still holds: for tests of the mapping alone. */
const alwaysCurrent: StillCurrent = async () => true;

export function notificationsHandler(push: PushBus, stillCurrent: StillCurrent = alwaysCurrent) {
  return defineHandler({
    name: 'notifications',
    subjects: NOTIFICATION_SUBJECTS,
    concurrency: 32,
    // A push is only worth sending while it is fresh; after that the member refetches anyway.
    maxDeliver: 5,
    retryBackoff: { baseMs: 250, maxMs: 5_000 },
    async handle(event) {
      // A like, match or message undone before delivery (unlike, block, deletion) is not announced.
      if (!(await stillCurrent(event))) return;
      // All or nothing per attempt: a failure retries the whole event and the ids dedupe repeats.
      await Promise.all(pushesFor(event).map(({ userId, message }) => push.publish(userId, message)));
    },
  });
}
