/**
 * Limits and wording of the face-scan routes. The movements, frame limits, session lifetime and
 * failure reasons are shared with the browser and the worker (contract/liveness.ts); these are
 * the server's own.
 */
import { LIVENESS_MAX_FRAME_BYTES, LIVENESS_MAX_FRAMES } from '../../contract/liveness.ts';

/** Scan sessions a member may open per hour: a person retries a few times; more is a script. */
export const MAX_SCANS_PER_HOUR = 12;
/** How long verify waits for the worker's verdict before telling the member to try again. */
export const VERIFY_WAIT_MS = 30_000;
export const VERIFY_POLL_MS = 100;
/** A passed scan must be bound to photo 1 within this time. */
export const BIND_WINDOW_MS = 30 * 60_000;

export const MAX_FRAME_BASE64 = Math.ceil(LIVENESS_MAX_FRAME_BYTES / 3) * 4;
/** Room for every frame as base64 and the JSON around them. */
export const VERIFY_BODY_LIMIT = LIVENESS_MAX_FRAMES * MAX_FRAME_BASE64 + 64 * 1024;

export const LIVENESS_MESSAGES = {
  notFound: 'Face scan not found.',
  used: 'This face scan was already used. Please start a new one.',
  tooMany: 'Too many face scans in the last hour. Please wait a little and try again.',
  // The client's own words for these two cases.
  failed: 'Face verification failed. Please try again.',
  unavailable: 'Face verification service not available. Please refresh the page.',
  onlyPhoto1: 'Only photo 1 takes a face scan.',
  notPassed: 'This face scan did not pass. Please scan your face again.',
  tooOld: 'This face scan is too old. Please scan your face again.',
  mock: 'A practice scan cannot verify a photo.',
  boundElsewhere: 'This face scan already belongs to another photo.',
  faceMismatch: 'The face in photo 1 does not match your face scan. Use a photo of yourself.',
} as const;

/** Where a scan's frames wait for the worker, under the member's own prefix (gone with the account). */
export const frameKeyOf = (userId: number, scanId: string, index: number): string =>
  `users/${userId}/face-scans/${scanId}/frame-${index}.jpg`;
