/**
 * The pure rules of profile photos: which files are accepted, the words every outcome is shown
 * with, and how an upload status becomes the photo's URL. No React, no requests: unit-tested.
 */

export const PHOTO_SLOTS = [1, 2, 3, 4, 5] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Review status is asked once a second, at most 60 times. */
export const POLL_INTERVAL_MS = 1000;
export const POLL_TRIES = 60;
/** A camera capture is saved as a JPEG of this quality. */
export const CAPTURE_JPEG_QUALITY = 0.9;

/** What the gallery picker offers (the `accept` attribute): jpeg, jpg, png, heic and webp. */
export const GALLERY_ACCEPT = 'image/jpeg,image/jpg,image/png,image/heic,image/webp,.jpeg,.jpg,.png,.heic,.webp';

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heif',
  webp: 'image/webp',
};

export const PHOTO_MESSAGES = {
  notAnImage: 'Please select an image file',
  tooLarge: 'Image must be less than 10MB',
  noFile: 'No file selected',
  analyzing: 'Analyzing image...',
  noUrl: 'No photo URL returned from server',
  rejected: 'Photo was rejected',
  processingFailed: 'Upload processing failed',
  uploadFailed: 'Failed to upload photo',
  captureFailed: 'Failed to capture photo',
  cameraDenied: 'Camera access denied. Using file picker instead.',
  switchFailed: 'Failed to switch camera',
  cameraError: 'Camera Error',
  scanCancelled: 'Face scan cancelled',
  scanFailed: 'Face verification failed. Please try again.',
  scanUnavailable: 'Face verification service not available. Please refresh the page.',
  timedOut: (seconds: number) => `Upload timed out after ${seconds} seconds`,
  uploaded: (slot: number) => `Photo ${slot} uploaded successfully!`,
  captured: (slot: number) => `Photo ${slot} captured successfully!`,
  deleted: (slot: number) => `Photo ${slot} deleted`,
  uploadFailedN: (slot: number) => `Failed to upload photo ${slot}`,
} as const;

/**
 * The content type sent for a file: the browser's when it is an image type, else guessed from
 * the name (some phones give HEIC files no type at all). The server sniffs the bytes anyway.
 */
export function photoContentType(file: { type: string; name: string }): string | null {
  if (file.type.startsWith('image/')) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension && EXTENSION_TYPES[extension]) || null;
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export function photoFileProblem(file: { type: string; name: string; size: number } | null | undefined): string | null {
  if (!file) return PHOTO_MESSAGES.noFile;
  if (!photoContentType(file)) return PHOTO_MESSAGES.notAnImage;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

export type UploadState = 'pending_review' | 'approved' | 'rejected' | 'error';

export interface UploadStatus {
  state: UploadState;
  rejectionReason: string | null;
  thumbnail?: string | null;
  preview?: string | null;
  full?: string | null;
  blob_url?: string | null;
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
