/**
 * Whether the state an event announces still holds when its push is about to go out. A like or
 * a match can be undone (unlike, unmatch, a block, a deleted account) between the commit that
 * wrote the event and its delivery; telling a member who has just blocked someone that this
 * person liked them, or matched them, would be wrong and unsettling. A chat message goes with
 * its match, and is not announced once gone. Other events always push.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../server/kernel/db/client.ts';
import { executePrepared } from '../../server/kernel/db/prepared.ts';
import { chatMessages, likes, matches } from '../../server/kernel/db/schema/index.ts';
import type { EventOf } from '../../server/kernel/events/contracts.ts';
import { type TickBatch, tickBatch } from '../../server/kernel/tick-batch.ts';
import type { NotificationEvent } from './handler.ts';

export type StillCurrent = (event: NotificationEvent) => Promise<boolean>;

/** Which of `ids` still exist in `table` (optionally only where `extra` holds), in one statement. */
function existing(db: Db, table: SQL, extra: SQL = sql``): TickBatch<number, boolean> {
  return tickBatch(async (ids: number[]) => {
    const rows = await executePrepared<{ id: number }>(
      db,
      sql`select id from ${table} where id = any(${`{${ids.map(Number).join(',')}}`}::bigint[]) ${extra}`,
    );
    return new Map(rows.map((row) => [Number(row.id), true]));
  }, false);
}

/**
 * The checks of the events handled at one moment are answered together: at a busy chat's rate
 * the notifications handler runs dozens of them at once.
 */
export function stillCurrentIn(db: Db): StillCurrent {
  const likeStands = existing(db, sql`${likes}`, sql`and ${likes.liked}`);
  const matchStands = existing(db, sql`${matches}`);
  const messageStands = existing(db, sql`${chatMessages}`);
  return async (event) => {
    switch (event.subject) {
      case 'likes.created':
        return likeStands((event as EventOf<'likes.created'>).payload.likeId);
      case 'matches.created':
        return matchStands((event as EventOf<'matches.created'>).payload.matchId);
      case 'chat.message_sent':
        // Gone with its match (unmatch, block, deletion): the members would fetch nothing.
        return messageStands((event as EventOf<'chat.message_sent'>).payload.messageId);
      default:
        return true;
    }
  };
}
