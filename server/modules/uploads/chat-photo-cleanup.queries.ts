/**
 * The chat photos of a match, for the chat-cleanup worker once the match is gone (through the
 * module's entry: upload rows change in this module only).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { uploads } from '../../kernel/db/schema/index.ts';

export interface ChatPhoto {
  id: string;
  keys: string[];
}

/** Every chat upload sent into `matchId`, with each file it may have left in the store. */
export async function chatPhotosOf(db: Db, matchId: number): Promise<ChatPhoto[]> {
  const rows = await db
    .select({
      id: uploads.id,
      original: uploads.originalKey,
      thumbnail: uploads.thumbnailKey,
      preview: uploads.previewKey,
      full: uploads.fullKey,
    })
    .from(uploads)
    .where(and(eq(uploads.matchId, matchId), eq(uploads.purpose, 'chat')));
  return rows.map(({ id, ...keys }) => ({ id, keys: Object.values(keys).filter((key): key is string => Boolean(key)) }));
}

export async function deleteUploads(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(uploads).where(inArray(uploads.id, ids));
}
