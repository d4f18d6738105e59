/**
 * Which scan may be bound to a photo 1 upload: the caller's own, passed, real (not a practice
 * scan), recent, and bound to no other upload. The uploads module does the binding (at upload
 * creation or through its bind route) and asks this first, in its transaction.
 */
import type { Db } from '../../kernel/db/client.ts';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import * as queries from './liveness.queries.ts';
import { BIND_WINDOW_MS, LIVENESS_MESSAGES } from './liveness.rules.ts';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's passed, real, recent scan named by `token`, checked for binding to `uploadId`. */
export async function bindableScan(
  db: Db,
  userId: number,
  token: string,
  uploadId: string | null,
  now = new Date(),
): Promise<queries.ScanRow> {
  const scan = UUID.test(token) ? await queries.lockOwnScanByToken(db, userId, token) : undefined;
  if (!scan) throw notFound(LIVENESS_MESSAGES.notFound);
  if (scan.mock) throw badRequest(LIVENESS_MESSAGES.mock);
  if (scan.state !== 'passed') throw badRequest(LIVENESS_MESSAGES.notPassed);
  if (!scan.decidedAt || now.getTime() - scan.decidedAt.getTime() > BIND_WINDOW_MS) throw badRequest(LIVENESS_MESSAGES.tooOld);
  const bound = await queries.uploadBoundTo(db, scan.id);
  if (bound && bound !== uploadId) throw conflict(LIVENESS_MESSAGES.boundElsewhere);
  return scan;
}
