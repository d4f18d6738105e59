/**
 * Upload rules: creating an upload (and, on the object store, its presigned PUT URL), receiving
 * the bytes (through the API, or confirming they reached the store), and the status the client
 * polls. Receiving moves the upload to pending_review and writes `photos.uploaded` in the same
 * transaction, so moderation hears of every received photo exactly when it is recorded. Every
 * call is scoped to the owner: another member's upload id is a 404, like one that never existed.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { Db } from '../../kernel/db/client.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../kernel/errors.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import { type MediaStore, photoRefOf } from '../../kernel/media/index.ts';
import { bindableScan, LIVENESS_ONLY_PHOTO_1 } from '../liveness/index.ts';
import { callerRef } from '../members/index.ts';
import * as queries from './uploads.queries.ts';
import {
  AWAITING_WINDOW_MINUTES,
  checkUploadFile,
  MAX_AWAITING_UPLOADS,
  MAX_FACE_SCAN_BYTES,
  MAX_UPLOAD_BYTES,
  originalKeyOf,
  PRESIGN_SECONDS,
  purposeOf,
  UPLOAD_MESSAGES,
} from './uploads.rules.ts';
import type { CreateUploadBody, CreateUploadResponse, UploadStatusResponse } from './uploads.schemas.ts';

export type UploadDeps = Pick<ServiceDeps, 'db'> & { media: MediaStore };
export type UploadStatus = Static<typeof UploadStatusResponse>;

export const payloadTooLarge = () => new AppError('payload_too_large', 413, UPLOAD_MESSAGES.tooLarge);

export async function createUpload(
  deps: UploadDeps,
  userId: number,
  body: Static<typeof CreateUploadBody>,
): Promise<Static<typeof CreateUploadResponse>> {
  const fileProblem = checkUploadFile({ type: body.contentType, size: body.contentLength });
  if (fileProblem) throw badRequest(fileProblem);
  // A still frame older clients send with photo 1. The live scan (livenessToken) is what verifies
  // a member, so the frame is checked for size and never stored: no biometric data kept unused.
  const faceScan = body.faceScan ? Buffer.from(body.faceScan, 'base64') : null;
  if (faceScan && faceScan.length > MAX_FACE_SCAN_BYTES) throw badRequest(UPLOAD_MESSAGES.faceScanTooLarge);

  const uploadId = randomUUID();
  const { purpose, slot } = purposeOf(body.fieldName);
  const contentType = body.contentType.trim().toLowerCase();
  const originalKey = originalKeyOf(userId, uploadId);
  // No complete profile needed: a newcomer uploads photo 1 to complete it.
  await deps.db.transaction(async (tx) => {
    await callerRef(tx, userId);
    await queries.lockUploadCreation(tx, userId);
    const since = new Date(Date.now() - AWAITING_WINDOW_MINUTES * 60_000);
    if ((await queries.countAwaitingSince(tx, userId, since)) >= MAX_AWAITING_UPLOADS) {
      throw tooManyRequests(UPLOAD_MESSAGES.tooManyAwaiting);
    }
    // A scan passed just before (the usual order for photo 1) is bound as the upload is created.
    let faceScanId: string | null = null;
    if (body.livenessToken !== undefined) {
      if (slot !== 1) throw badRequest(LIVENESS_ONLY_PHOTO_1);
      faceScanId = (await bindableScan(tx, userId, body.livenessToken, null)).id;
    }
    await queries.insertUpload(tx, {
      id: uploadId,
      userId,
      purpose,
      slot,
      contentType,
      contentLength: body.contentLength,
      originalKey,
      faceScanId,
    });
  });
  const uploadUrl = await deps.media.presignPut(originalKey, contentType, body.contentLength, PRESIGN_SECONDS);
  return uploadUrl ? { uploadId, uploadUrl } : { uploadId };
}

const refOrNull = (key: string | null): string | null => (key ? photoRefOf(key) : null);

/**
 * What the client is told; it never sees awaiting_upload. The sizes are stored references,
 * which the response hook turns into URLs signed for the caller.
 */
export function toStatus(row: queries.UploadRow): UploadStatus {
  return {
    state: row.state === 'awaiting_upload' ? 'pending_review' : row.state,
    rejectionReason: row.rejectionReason,
    thumbnail: refOrNull(row.thumbnailKey),
    preview: refOrNull(row.previewKey),
    full: refOrNull(row.fullKey),
    blob_url: refOrNull(row.fullKey),
  };
}

async function ownUpload(db: Db, userId: number, uploadId: string): Promise<queries.UploadRow> {
  const row = await queries.findOwnUpload(db, userId, uploadId);
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  return row;
}

export async function uploadStatus(deps: UploadDeps, userId: number, uploadId: string): Promise<UploadStatus> {
  return toStatus(await ownUpload(deps.db, userId, uploadId));
}

/**
 * The upload about to receive bytes through the API, read before the body is: a stranger is
 * refused without the server reading their file, and the declared length caps the read.
 */
export async function uploadToReceive(deps: UploadDeps, userId: number, uploadId: string): Promise<queries.UploadRow> {
  return ownUpload(deps.db, userId, uploadId);
}

/**
 * An upload already received answers its status again (a retry after a lost answer); one that
 * failed for good is closed.
 */
export function answerAgain(row: queries.UploadRow): UploadStatus {
  if (row.state === 'error') throw conflict(UPLOAD_MESSAGES.closed);
  return toStatus(row);
}

async function announceReceived(tx: Db, row: queries.UploadRow): Promise<UploadStatus> {
  const received = await queries.markPendingReview(tx, row.id);
  if (!received) throw new Error(`upload ${row.id} left awaiting_upload while locked`);
  await writeEvent(tx, 'photos.uploaded', {
    uploadId: received.id,
    userId: received.userId,
    purpose: received.purpose as 'profile' | 'chat',
    ...(received.slot === null ? {} : { slot: received.slot }),
    livenessRequired: received.slot === 1,
    storageKey: received.originalKey,
    contentType: received.contentType,
    uploadedAt: received.updatedAt.toISOString(),
  });
  return toStatus(received);
}

/** Stores the bytes sent through the API and records the upload as received, once. */
export async function receiveBytes(deps: UploadDeps, userId: number, uploadId: string, bytes: Buffer): Promise<UploadStatus> {
  if (bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
  return deps.db.transaction(async (tx) => {
    const row = await queries.lockOwnUpload(tx, userId, uploadId);
    if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
    if (row.state !== 'awaiting_upload') return answerAgain(row);
    if (bytes.length > row.contentLength || bytes.length > MAX_UPLOAD_BYTES) throw payloadTooLarge();
    // Written under the row lock, so a second send cannot replace the bytes moderation was told about.
    await deps.media.put(row.originalKey, bytes, row.contentType);
    return announceReceived(tx, row);
  });
}

/** The client says its presigned PUT is done: the object must be there, at the size agreed. */
export async function markUploaded(deps: UploadDeps, userId: number, uploadId: string): Promise<UploadStatus> {
  return deps.db.transaction(async (tx) => {
    const row = await queries.lockOwnUpload(tx, userId, uploadId);
    if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
    if (row.state !== 'awaiting_upload') return answerAgain(row);
    const size = await deps.media.size(row.originalKey);
    if (size === null) throw badRequest(UPLOAD_MESSAGES.notReceived);
    if (size > MAX_UPLOAD_BYTES) throw payloadTooLarge();
    if (size !== row.contentLength) throw badRequest(UPLOAD_MESSAGES.sizeMismatch);
    return announceReceived(tx, row);
  });
}
