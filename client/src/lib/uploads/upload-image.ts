import { UPLOAD_FLOW_MESSAGES, UPLOAD_POLL_MS, UPLOAD_POLL_TRIES } from './upload-file.ts';
import { type CreateUploadBody, createUpload, getUploadStatus, sendUploadFile, type UploadStatus } from './upload-requests.ts';

export type UploadPhase = 'uploading' | 'analyzing';

export interface UploadImageRequest {
  file: Blob;
  /** The name the multipart send gives the file. */
  fileName: string;
  /** The create body: fieldName, the announced type and size, and what a profile photo adds. */
  create: CreateUploadBody;
  /** Runs once the upload exists, before the file goes (photo 1 binds its face scan here). */
  beforeSend?: (uploadId: string) => Promise<void>;
  /** 'analyzing' once the file is sent and the review is awaited. */
  onPhase?: (phase: UploadPhase, uploadId: string) => void;
  /** True once the caller no longer wants the answer (screen left, another file chosen): the routine stops. */
  abandoned: () => boolean;
  /**
   * A profile photo, once announced, is sent even if the screen is left meanwhile: its review
   * stores it in its slot without the screen. A chat photo nobody waits for is not sent.
   */
  sendEvenIfAbandoned?: boolean;
  /**
   * Whether this try reads the status. Always, unless the caller hears about the review another
   * way (the realtime push) and knows it is still pending.
   */
  shouldRead?: (uploadId: string, tries: number) => boolean;
  /** The wait between tries; a caller that hears pushes may end it early. Default: a timer. */
  pause?: (uploadId: string, ms: number) => Promise<void>;
}

export type UploadOutcome =
  | { kind: 'approved'; uploadId: string; status: UploadStatus }
  | { kind: 'refused'; uploadId: string; state: 'rejected' | 'error'; reason: string | null }
  | { kind: 'timedOut'; uploadId: string; message: string }
  | { kind: 'abandoned' };

export interface UploadRequests {
  createUpload: typeof createUpload;
  sendUploadFile: typeof sendUploadFile;
  getUploadStatus: typeof getUploadStatus;
}

const realRequests: UploadRequests = { createUpload, sendUploadFile, getUploadStatus };
const timer = (_uploadId: string, ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One image upload, for a profile slot or a chat alike: create it, let the caller act on its id,
 * send the file, then wait for the review (a status read each second, 60 tries). A failed request
 * throws (ApiError) for the caller to word; a failed status read counts as a try without news.
 */
export async function uploadImage(request: UploadImageRequest, requests: UploadRequests = realRequests): Promise<UploadOutcome> {
  const { create, abandoned } = request;
  const created = await requests.createUpload(create);
  if (abandoned() && !request.sendEvenIfAbandoned) return { kind: 'abandoned' };
  await request.beforeSend?.(created.uploadId);
  await requests.sendUploadFile(created, request.file, request.fileName, create.contentType);
  if (abandoned()) return { kind: 'abandoned' };
  request.onPhase?.('analyzing', created.uploadId);
  return awaitReview(created.uploadId, request, requests);
}

async function awaitReview(uploadId: string, request: UploadImageRequest, requests: UploadRequests): Promise<UploadOutcome> {
  const pause = request.pause ?? timer;
  for (let tries = 0; tries < UPLOAD_POLL_TRIES; tries++) {
    if (request.abandoned()) return { kind: 'abandoned' };
    if (request.shouldRead?.(uploadId, tries) ?? true) {
      const status = await requests.getUploadStatus(uploadId).catch(() => null);
      if (request.abandoned()) return { kind: 'abandoned' };
      if (status?.state === 'approved') return { kind: 'approved', uploadId, status };
      if (status?.state === 'rejected' || status?.state === 'error')
        return { kind: 'refused', uploadId, state: status.state, reason: status.rejectionReason };
    }
    await pause(uploadId, UPLOAD_POLL_MS);
  }
  if (request.abandoned()) return { kind: 'abandoned' };
  return { kind: 'timedOut', uploadId, message: UPLOAD_FLOW_MESSAGES.timedOut };
}
