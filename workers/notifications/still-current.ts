/**
 * Whether the state an event announces still holds when its push is about to go out. A like or
 * a match can be undone (unlike, unmatch, a block, a deleted account) between the commit that
 * wrote the event and its delivery; telling a member who has just blocked someone that this
 * person liked them, or matched them, would be wrong and unsettling. A chat message goes with
 * its match, and is not announced once gone. Other events always push.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/kernel/db/client.ts';
import { chatMessages, likes, matches } from '../../server/kernel/db/schema/index.ts';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import type { NotificationEvent } from './handler.ts';

export type StillCurrent = (event: NotificationEvent) => Promise<boolean>;

export function stillCurrentIn(db: Db): StillCurrent {
  return async (event) => {
    switch (event.subject) {
      case 'likes.created': {
        const { likeId } = (event as EventOf<'likes.created'>).payload;
        const [row] = await db.select({ id: likes.id }).from(likes).where(and(eq(likes.id, likeId), eq(likes.liked, true)));
        return row !== undefined;
      }
      case 'matches.created': {
        const { matchId } = (event as EventOf<'matches.created'>).payload;
        const [row] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
        return row !== undefined;
      }
      case 'chat.message_sent': {
        // Gone with its match (unmatch, block, deletion): the members would fetch nothing.
        const { messageId } = (event as EventOf<'chat.message_sent'>).payload;
        const [row] = await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, messageId));
        return row !== undefined;
      }
      default:
        return true;
    }
  };
}
