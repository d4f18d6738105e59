/**
 * A chat photo going into a conversation: the sender's own upload made for a chat ('chat'),
 * approved by moderation and not sent before. Claiming it binds it to the match (an upload goes
 * into one chat only, and ending that match removes its files: workers/chat-cleanup), inside the
 * caller's transaction, so the binding and the message that shows it commit together.
 */
import type { Db } from '../../kernel/db/client.ts';
import { badRequest, notFound } from '../../kernel/errors.ts';
import { bindUploadToMatch, lockOwnUpload } from './uploads.queries.ts';
import { UPLOAD_MESSAGES } from './uploads.rules.ts';

export interface ClaimedChatPhoto {
  thumbnailKey: string;
  fullKey: string;
}

/**
 * Binds the sender's approved, unused chat upload to `matchId` and returns its served sizes.
 * Another member's upload is a 404 like one that never existed; the rest are 400s saying why.
 */
export async function claimChatPhoto(tx: Db, userId: number, uploadId: string, matchId: number): Promise<ClaimedChatPhoto> {
  const row = await lockOwnUpload(tx, userId, uploadId);
  if (!row) throw notFound(UPLOAD_MESSAGES.photoNotFound);
  if (row.purpose !== 'chat') throw badRequest(UPLOAD_MESSAGES.notAChatPhoto);
  if (row.matchId !== null) throw badRequest(UPLOAD_MESSAGES.chatPhotoUsed);
  if (row.state === 'awaiting_upload' || row.state === 'pending_review') throw badRequest(UPLOAD_MESSAGES.chatPhotoInReview);
  if (row.state !== 'approved' || !row.thumbnailKey || !row.fullKey) throw badRequest(UPLOAD_MESSAGES.chatPhotoRefused);
  await bindUploadToMatch(tx, row.id, matchId);
  return { thumbnailKey: row.thumbnailKey, fullKey: row.fullKey };
}
