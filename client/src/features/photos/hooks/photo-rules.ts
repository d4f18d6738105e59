/**
 * The pure rules of profile photos: the words every outcome is shown with, and how an upload
 * status becomes the photo's URL. Which files are accepted is the app's one rule
 * (lib/uploads/upload-file.ts, from the server's contract). No React, no requests: unit-tested.
 */
import { UPLOAD_FLOW_MESSAGES, uploadFileProblem } from '@/lib/uploads/upload-file.ts';
import type { UploadStatus } from '@/lib/uploads/upload-requests.ts';

export type { UploadStatus };

export const PHOTO_SLOTS = [1, 2, 3, 4, 5] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

/** A camera capture is saved as a JPEG of this quality. */
export const CAPTURE_JPEG_QUALITY = 0.9;

export const PHOTO_MESSAGES = {
  notAnImage: UPLOAD_FLOW_MESSAGES.notAnImage,
  tooLarge: UPLOAD_FLOW_MESSAGES.tooLarge,
  noFile: 'No file selected',
  analyzing: UPLOAD_FLOW_MESSAGES.analyzing,
  noUrl: 'No photo URL returned from server',
  rejected: 'Photo was rejected',
  processingFailed: 'Upload processing failed',
  uploadFailed: UPLOAD_FLOW_MESSAGES.uploadFailed,
  captureFailed: 'Failed to capture photo',
  cameraDenied: 'Camera access denied. Using file picker instead.',
  switchFailed: 'Failed to switch camera',
  cameraError: 'Camera Error',
  scanCancelled: 'Face scan cancelled',
  scanFailed: 'Face verification failed. Please try again.',
  scanUnavailable: 'Face verification service not available. Please refresh the page.',
  /** The face models were not ready within MODEL_LOAD_LIMIT_MS. */
  scanSlow: 'The face check is taking too long to start. Check your connection and try again.',
  timedOut: UPLOAD_FLOW_MESSAGES.timedOut,
  uploaded: (slot: number) => `Photo ${slot} uploaded successfully!`,
  captured: (slot: number) => `Photo ${slot} captured successfully!`,
  deleted: (slot: number) => `Photo ${slot} deleted`,
  uploadFailedN: (slot: number) => `Failed to upload photo ${slot}`,
} as const;

/** Why a chosen file cannot be uploaded, or null when it can. */
export function photoFileProblem(file: { type: string; name: string; size: number } | null | undefined): string | null {
  if (!file) return PHOTO_MESSAGES.noFile;
  return uploadFileProblem(file);
}

/** An approved upload's photo: the thumbnail, else the preview, else the full, else blob_url. */
export function photoUrlOf(status: UploadStatus): string | null {
  return status.thumbnail || status.preview || status.full || status.blob_url || null;
}

export type PollOutcome = { kind: 'waiting' } | { kind: 'approved'; url: string } | { kind: 'failed'; message: string };

/** What one status answer means for the member. */
export function readStatus(status: UploadStatus): PollOutcome {
  switch (status.state) {
    case 'approved': {
      const url = photoUrlOf(status);
      return url ? { kind: 'approved', url } : { kind: 'failed', message: PHOTO_MESSAGES.noUrl };
    }
    case 'rejected':
      return { kind: 'failed', message: status.rejectionReason || PHOTO_MESSAGES.rejected };
    case 'error':
      return { kind: 'failed', message: status.rejectionReason || PHOTO_MESSAGES.processingFailed };
    default:
      return { kind: 'waiting' };
  }
}

/** The file name a camera capture is given. */
export const captureFileName = (slot: number) => `photo${slot}-camera.jpg`;
