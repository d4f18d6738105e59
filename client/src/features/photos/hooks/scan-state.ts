/** The face scan's phases, what its guidance shows, and the words of a failed request: shared by the scan's hooks. */
import { ApiError, serverMessage } from '@/lib/api-errors.ts';
import { PHOTO_MESSAGES } from './photo-rules.ts';
import type { GuideView } from './scan-guide.ts';

export type ScanPhase = 'idle' | 'checking' | 'processing' | 'success' | 'error';

/** What the live guidance shows while checking. */
export interface Guidance extends GuideView {
  /** True until the camera and the face models are ready. */
  preparing: boolean;
}

/**
 * Why the member may go on without a scan after this failure: 'camera' (refused, missing, busy)
 * or 'reader' (the face check could not be prepared on this device: the models failed to load
 * or took longer than MODEL_LOAD_LIMIT_MS). Null: only Try Again.
 */
export type SkipReason = 'camera' | 'reader';

export interface ScanFailure {
  message: string;
  skip: SkipReason | null;
}

/** The success view waits this long after the verdict, so the member sees the scan complete. */
export const SUCCESS_PAUSE_MS = 500;

export const PREPARING: Guidance = { prompt: '', step: 0, steps: 0, hint: null, nudge: null, preparing: true };

/** The reason shown under 'Verification Failed' for a failed request. */
export function scanErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === undefined || error.status >= 500) return PHOTO_MESSAGES.scanUnavailable;
    return serverMessage(error.body) ?? PHOTO_MESSAGES.scanFailed;
  }
  return PHOTO_MESSAGES.scanFailed;
}
