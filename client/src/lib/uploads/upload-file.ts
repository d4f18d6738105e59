/**
 * The pure side of an image upload, for every picker in the app: which files may go (the
 * contract's rules, the server's own), the type a file is announced with, how long the review is
 * waited for, and the words the whole flow uses. No React, no requests: unit-tested.
 */
import { checkUploadFile, imageTypeOfName, UPLOAD_RULE_MESSAGES } from '@contract/upload-rules.ts';

export { ACCEPT_ATTRIBUTE, MAX_UPLOAD_BYTES } from '@contract/upload-rules.ts';

/** The review's status is read once a second, at most 60 times. */
export const UPLOAD_POLL_MS = 1000;
export const UPLOAD_POLL_TRIES = 60;

export const UPLOAD_FLOW_MESSAGES = {
  ...UPLOAD_RULE_MESSAGES,
  analyzing: 'Analyzing image...',
  uploadFailed: 'Failed to upload photo',
  timedOut: `Upload timed out after ${(UPLOAD_POLL_TRIES * UPLOAD_POLL_MS) / 1000} seconds`,
} as const;

/**
 * The content type a file is announced with: the browser's, else the one its name stands for
 * (some phones give HEIC files no type at all); null when neither says. The server sniffs the
 * bytes anyway.
 */
export function uploadContentType(file: { type: string; name: string }): string | null {
  if (file.type.trim()) return file.type;
  return imageTypeOfName(file.name);
}

/** Why a chosen file cannot be uploaded (the message to show), or null when it can. */
export const uploadFileProblem = (file: { type: string; name: string; size: number }): string | null => checkUploadFile(file);
