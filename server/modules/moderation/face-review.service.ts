/**
 * The face queue: a verified face that is already verified on another live account waits for a
 * moderator (`needs_review`), who judges the two accounts `distinct` (look-alikes: the badge is
 * granted) or `same_person` (one person, two accounts: no badge; a report can follow). Each
 * decision writes one audit row; the print's row lock orders two moderators deciding at once.
 */
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import { type FaceReviewOutcome, settleFaceReview } from '../liveness/index.ts';
import { insertAuditEntry } from '../reports/index.ts';
import * as queries from './face-review.queries.ts';
import { checkedReason } from './moderation.service.ts';
import { QUEUE_PAGE_DEFAULT } from './queue.service.ts';

export const FACE_REVIEW_MESSAGES = {
  notFound: 'Face match not found.',
  decided: 'This face match was already decided.',
  cursorNotFound: 'That page cursor does not name a face match.',
} as const;

const AUDITED: Record<FaceReviewOutcome, string> = { distinct: 'face.cleared', same_person: 'face.declined' };

export async function readFaceQueue(deps: DbDeps, viewerId: number, query: { cursor?: number; limit?: number }) {
  const limit = query.limit ?? QUEUE_PAGE_DEFAULT;
  if (query.cursor !== undefined && !(await queries.facePrintExists(deps.db, query.cursor))) {
    throw badRequest(FACE_REVIEW_MESSAGES.cursorNotFound);
  }
  const rows = await queries.listFaceItems(deps.db, viewerId, query.cursor, limit);
  const now = Date.now();
  const items = rows.map((row) => ({
    user_id: Number(row.user_id),
    username: row.username,
    photo1_url: row.photo1_url,
    matched: row.matched_user_id
      ? { user_id: Number(row.matched_user_id), username: row.matched_username, photo1_url: row.matched_photo1_url }
      : null,
    created_at: new Date(row.created_at).toISOString(),
    age_seconds: Math.max(0, Math.floor((now - new Date(row.created_at).getTime()) / 1000)),
  }));
  return { items, next_cursor: rows.length === limit ? items[items.length - 1].user_id : null };
}

/**
 * Decides the print of `userId`. The same decision sent again by the moderator who made it answers
 * as the first did; any other decision of a decided print is 409. A print of the moderator, or
 * matched with them, is 404.
 */
export async function decideFace(
  deps: DbDeps,
  moderatorId: number,
  userId: number,
  decision: { outcome: FaceReviewOutcome; reason: string },
): Promise<{ user_id: number; review_state: string }> {
  const reason = checkedReason(decision.reason);
  return deps.db.transaction(async (tx) => {
    const print = await queries.lockFacePrint(tx, userId);
    if (!print || userId === moderatorId || Number(print.matched_user_id) === moderatorId) throw notFound(FACE_REVIEW_MESSAGES.notFound);
    if (print.review_state !== 'needs_review') {
      const repeat = print.last_action === AUDITED[decision.outcome] && Number(print.last_actor) === moderatorId;
      if (repeat) return { user_id: userId, review_state: print.review_state };
      throw conflict(FACE_REVIEW_MESSAGES.decided);
    }
    const to = await settleFaceReview(tx, userId, decision.outcome);
    await insertAuditEntry(tx, {
      actorId: moderatorId,
      reportId: null,
      subjectId: userId,
      action: AUDITED[decision.outcome],
      fromState: 'needs_review',
      toState: to,
      detail: { reason, matched_user_id: print.matched_user_id === null ? null : Number(print.matched_user_id) },
    });
    return { user_id: userId, review_state: to as string };
  });
}
