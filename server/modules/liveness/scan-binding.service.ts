/**
 * Binding a passed scan to the photo 1 upload, after the scan (the liveness route) or with the
 * upload's creation (its livenessToken). Before moderation, the worker then checks the photo's
 * face against the scan; after it, the comparison happens here, on the descriptors moderation
 * and the scan left. Either way `verifyPhotoOne` decides the badge, in the transaction that holds
 * the upload row, so a verdict and a binding arriving together cannot miss each other.
 */
import { type PhotoOneVerification, verifyPhotoOne } from '../../kernel/db/face-prints.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import { lockOwnUpload, UPLOAD_MESSAGES } from '../uploads/index.ts';
import * as queries from './liveness.queries.ts';
import { BIND_WINDOW_MS, LIVENESS_MESSAGES } from './liveness.rules.ts';

export const BOUND_MESSAGE = 'Face scan linked to photo 1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's passed, real, recent scan named by `token`, checked for binding to `uploadId`. */
export async function bindableScan(db: Db, userId: number, token: string, uploadId: string | null, now = new Date()): Promise<queries.ScanRow> {
  const scan = UUID.test(token) ? await queries.lockOwnScanByToken(db, userId, token) : undefined;
  if (!scan) throw notFound(LIVENESS_MESSAGES.notFound);
  if (scan.mock) throw badRequest(LIVENESS_MESSAGES.mock);
  if (scan.state !== 'passed') throw badRequest(LIVENESS_MESSAGES.notPassed);
  if (!scan.decidedAt || now.getTime() - scan.decidedAt.getTime() > BIND_WINDOW_MS) throw badRequest(LIVENESS_MESSAGES.tooOld);
  const bound = await queries.uploadBoundTo(db, scan.id);
  if (bound && bound !== uploadId) throw conflict(LIVENESS_MESSAGES.boundElsewhere);
  return scan;
}

export async function bindScan(
  deps: Pick<ServiceDeps, 'db'>,
  userId: number,
  uploadId: string,
  body: { sessionToken: string },
): Promise<{ detail: string; verified: boolean }> {
  return deps.db.transaction(async (tx) => {
    const upload = await lockOwnUpload(tx, userId, uploadId);
    if (!upload) throw notFound(UPLOAD_MESSAGES.notFound);
    if (upload.purpose !== 'profile' || upload.slot !== 1) throw badRequest(LIVENESS_MESSAGES.onlyPhoto1);
    if (upload.state === 'rejected' || upload.state === 'error') throw conflict(UPLOAD_MESSAGES.closed);
    const scan = await bindableScan(tx, userId, body.sessionToken, upload.id);
    await queries.bindUploadToScan(tx, upload.id, scan.id);
    if (upload.state !== 'approved') return { detail: BOUND_MESSAGE, verified: false };
    const outcome: PhotoOneVerification = await verifyPhotoOne(tx, userId, upload.faceDescriptor, scan.id);
    // Refused (and the binding rolled back), so the member learns why the badge did not come.
    if (outcome === 'mismatch') throw badRequest(LIVENESS_MESSAGES.faceMismatch);
    return { detail: BOUND_MESSAGE, verified: outcome === 'verified' };
  });
}
