/** What the media route reads besides the members: whom a chat photo is for. */
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/client.ts';
import { matches, profiles, uploads } from '../../kernel/db/schema/index.ts';

const lowMember = alias(profiles, 'low_member');
const highMember = alias(profiles, 'high_member');

/**
 * For an upload that is a chat photo: the accounts it may be shown to. Before it is sent, its
 * owner only; once sent, the two members of its match while the match exists; nobody once the
 * match is gone. Undefined for any other upload (or none): the profile-photo rules apply.
 */
export async function chatPhotoAudience(db: Db, uploadId: string, ownerUserId: number): Promise<number[] | undefined> {
  const [row] = await db
    .select({ purpose: uploads.purpose, matchId: uploads.matchId, lowUser: lowMember.userId, highUser: highMember.userId })
    .from(uploads)
    .leftJoin(matches, eq(matches.id, uploads.matchId))
    .leftJoin(lowMember, eq(lowMember.id, matches.profileLowId))
    .leftJoin(highMember, eq(highMember.id, matches.profileHighId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, ownerUserId)));
  if (!row || row.purpose !== 'chat') return undefined;
  if (row.matchId === null) return [ownerUserId];
  return [row.lowUser, row.highUser].filter((id): id is number => id !== null);
}
