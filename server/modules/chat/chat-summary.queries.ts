/**
 * What a list of matches shows of each chat, as SQL pieces the matches list (likes module) puts
 * into its one statement: the newest message the member can see, and how many of the peer's
 * messages they have not read. The chat's own rules decide both: a locked chat shows nothing (no
 * history leaks past a lock), what the member cleared is gone from their view, and unread means
 * the peer's messages after both the member's read and cleared positions.
 *
 * Each piece is a short backwards walk on chat_messages (match_id, id): the newest message is
 * one index entry, the unread count stops at UNREAD_CAP. So a member with hundreds of matches
 * costs hundreds of index probes, never a scan of their conversations.
 */
import { type SQL, sql } from 'drizzle-orm';
import { chatMessages, chatParticipants } from '../../kernel/db/schema/index.ts';

/** Longest text of a preview: a line on a phone, never a whole message. */
export const PREVIEW_LENGTH = 100;
/** Unread counts stop here: a badge shows "99+" long before, and counting further costs reads. */
export const UNREAD_CAP = 100;

export interface ChatSummarySql {
  /** Joins to add after the matches row `m` and the peer's profile: aliases cp, last, unread. */
  joins: SQL;
  /** Columns: last_id, last_from_me, last_text, last_has_photo, last_at, unread_count. */
  columns: SQL;
  /** When the newest visible message was sent (null without one). */
  lastAt: SQL;
}

/**
 * The pieces for member `meProfileId`, with `match` the alias of the matches row and `peer` the
 * alias of the peer's profile row.
 */
export function chatSummarySql(meProfileId: number, match: string, peer: string): ChatSummarySql {
  const m = sql.identifier(match);
  const p = sql.identifier(peer);
  const joins = sql`
    left join ${chatParticipants} cp on cp.match_id = ${m}.id and cp.profile_id = ${meProfileId}
    left join lateral (
      select c.id, c.from_profile_id, c.body, c.photo_ref, c.created_at
      from ${chatMessages} c
      where c.match_id = ${m}.id and ${m}.chat_unlocked_at is not null and c.id > coalesce(cp.cleared_through_message_id, 0)
      order by c.id desc
      limit 1
    ) last on true
    cross join lateral (
      select count(*) as n from (
        select 1 from ${chatMessages} c
        where c.match_id = ${m}.id and ${m}.chat_unlocked_at is not null and c.from_profile_id = ${p}.id
          and c.id > greatest(coalesce(cp.last_read_message_id, 0), coalesce(cp.cleared_through_message_id, 0))
        limit ${UNREAD_CAP}
      ) unread_rows
    ) unread`;
  const columns = sql`last.id as last_id, last.from_profile_id = ${meProfileId} as last_from_me,
    left(last.body, ${PREVIEW_LENGTH}) as last_text, last.photo_ref is not null as last_has_photo,
    last.created_at as last_at, unread.n as unread_count`;
  return { joins, columns, lastAt: sql`last.created_at` };
}
