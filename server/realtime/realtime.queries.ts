/** The gateway's one query: which of the given sessions are still valid. */
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../kernel/db/client.ts';
import { sessions } from '../kernel/db/schema/index.ts';

export async function selectActiveSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((row) => row.id));
}
