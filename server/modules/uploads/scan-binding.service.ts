/**
 * Binding a passed scan to the photo 1 upload, after the scan (this route) or with the upload's
 * creation (its livenessToken). Before moderation, the worker then checks the photo's face
 * against the scan; after it, the comparison happens here, on the descriptors moderation and the
 * scan left. Either way liveness's `verifyPhotoOne` decides the badge, in the transaction that
 * holds the upload row, so a verdict and a binding arriving together cannot miss each other.
 * Here rather than in liveness because it changes the upload; liveness answers which scan may be
 * bound (`bindableScan`) and never reaches back into uploads.
 */
import type { ServiceDeps } from '../../kernel/deps.ts';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import { bindableScan, LIVENESS_MESSAGES, type PhotoOneVerification, verifyPhotoOne } from '../liveness/index.ts';
import { bindUploadToScan, lockOwnUpload } from './uploads.queries.ts';
import { UPLOAD_MESSAGES } from './uploads.rules.ts';

export const BOUND_MESSAGE = 'Face scan linked to photo 1';

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
    await bindUploadToScan(tx, upload.id, scan.id);
    if (upload.state !== 'approved') return { detail: BOUND_MESSAGE, verified: false };
    const outcome: PhotoOneVerification = await verifyPhotoOne(tx, userId, upload.faceDescriptor, scan.id);
    // Refused (and the binding rolled back), so the member learns why the badge did not come.
    if (outcome === 'mismatch') throw badRequest(LIVENESS_MESSAGES.faceMismatch);
    return { detail: BOUND_MESSAGE, verified: outcome === 'verified' };
  });
}
