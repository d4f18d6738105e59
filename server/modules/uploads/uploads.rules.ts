/**
 * The server's side of what an upload may be: the field names, how many may wait at once, the
 * presign lifetime and the messages of the upload routes. The types, the cap and the file check
 * the browser shares live in server/contract/upload-rules.ts, so both sides judge a file alike.
 */
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_RULE_MESSAGES } from '../../contract/upload-rules.ts';

export { checkUploadFile } from '../../contract/upload-rules.ts';
export { MAX_UPLOAD_BYTES };
export const IMAGE_CONTENT_TYPES = ACCEPTED_IMAGE_TYPES;

export const UPLOAD_FIELD_NAMES = ['photo1', 'photo2', 'photo3', 'photo4', 'photo5', 'chat'] as const;
export type UploadFieldName = (typeof UPLOAD_FIELD_NAMES)[number];

/**
 * Uploads created but not yet sent, per member. A client sends at most the five profile photos
 * and a chat photo at once; more means a loop or abuse, and each one is a row and a URL.
 */
export const MAX_AWAITING_UPLOADS = 10;
/** An upload still unsent after this long stops counting against the cap (its URL expired long ago). */
export const AWAITING_WINDOW_MINUTES = 60;
/** How long a presigned PUT URL stays valid. */
export const PRESIGN_SECONDS = 900;

/** A face scan is one small still frame for the liveness check, sent as base64. */
export const MAX_FACE_SCAN_BYTES = 2 * 1024 * 1024;
export const MAX_FACE_SCAN_BASE64 = Math.ceil(MAX_FACE_SCAN_BYTES / 3) * 4;

export const UPLOAD_MESSAGES = {
  ...UPLOAD_RULE_MESSAGES,
  tooManyAwaiting: `You have ${MAX_AWAITING_UPLOADS} uploads waiting to be sent. Please finish or wait for them before adding more.`,
  notFound: 'Upload not found.',
  notReceived: 'Upload not received',
  sizeMismatch: 'The uploaded file is not the size that was announced',
  noFile: 'Please select an image file',
  unreadable: 'The upload could not be read. Please try again.',
  closed: 'This upload can no longer be changed',
  faceScanTooLarge: 'The face scan is too large',
  photoNotFound: 'Photo not found.',
  notAChatPhoto: 'Only a photo uploaded for a chat can be sent in a chat.',
  chatPhotoUsed: 'This photo has already been sent. Upload it again to send it in another message.',
  chatPhotoInReview: 'This photo is still being checked. Send it once it is approved.',
  chatPhotoRefused: 'This photo was not approved, so it cannot be sent.',
  photoDeleted: (slot: number) => `Photo ${slot} deleted`,
} as const;

/** 'photoN' is profile slot N; 'chat' has no slot. */
export function purposeOf(fieldName: UploadFieldName): { purpose: 'profile' | 'chat'; slot: number | null } {
  if (fieldName === 'chat') return { purpose: 'chat', slot: null };
  return { purpose: 'profile', slot: Number(fieldName.slice('photo'.length)) };
}

export { originalKeyOf } from '../../kernel/media/index.ts';
