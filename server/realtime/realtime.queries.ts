/** The gateway's queries: which sessions are still valid, and whom a typing indicator is for. */
import { and, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/client.ts';
import { blocks, matches, profiles, sessions } from '../kernel/db/schema/index.ts';
import { RESTRICTED_ACCOUNTS_SQL } from '../modules/members/index.ts';

/**
 * Which of the given sessions are still valid: not ended, and their account not suspended or
 * banned (so a moderator's restriction closes the member's sockets at the next heartbeat, as a
 * sign-out does). The ids travel as one JSON parameter, not one
 * parameter each: the heartbeat asks about every socket of the instance at once, and PostgreSQL's
 * protocol caps a statement at 65,535 parameters.
 */
export async function selectActiveSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        sql`${sessions.id} in (select jsonb_array_elements_text(${JSON.stringify(sessionIds)}::jsonb)::uuid)`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        sql`${sessions.userId} not in (${RESTRICTED_ACCOUNTS_SQL})`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * The other member's account when `userId` is one of the two members of `matchId`, its chat is
 * unlocked, both profiles are complete and neither account blocked the other; else null.
 */
export async function typingPeerOf(db: Db, userId: number, matchId: number): Promise<number | null> {
  const rows = await db.execute<{ peer_user_id: number | string }>(sql`
    select case when low.user_id = ${userId} then high.user_id else low.user_id end as peer_user_id
    from ${matches} m
    join ${profiles} low on low.id = m.profile_low_id
    join ${profiles} high on high.id = m.profile_high_id
    where m.id = ${matchId}
      and m.chat_unlocked_at is not null
      and ${userId} in (low.user_id, high.user_id)
      and low.is_complete and high.is_complete
      and not exists (
        select 1 from ${blocks} b
        where (b.blocker_user_id = low.user_id and b.blocked_user_id = high.user_id)
           or (b.blocker_user_id = high.user_id and b.blocked_user_id = low.user_id))`);
  return rows.length > 0 ? Number(rows[0].peer_user_id) : null;
}
