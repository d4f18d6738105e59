import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, serverMessage } from '../../../lib/api-errors.ts';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime.tsx';
import { toast } from '../../../lib/toast.ts';
import { bindScanToUpload, type ScanPass } from '../api/face-scan.ts';
import { createPhotoUpload, getUploadStatus, sendPhotoFile } from '../api/photo-uploads.ts';
import {
  PHOTO_MESSAGES,
  type PhotoSlot,
  POLL_INTERVAL_MS,
  POLL_TRIES,
  type PollOutcome,
  photoContentType,
  photoFileProblem,
  readStatus,
} from './photo-rules.ts';

export type SlotPhase = 'uploading' | 'analyzing';

export interface PendingPhoto {
  phase: SlotPhase;
  /** A blob: URL of the chosen file, shown while it uploads and is reviewed. */
  previewUrl: string;
}

export interface UploadRequest {
  slot: PhotoSlot;
  file: File;
  takenWithCamera: boolean;
  /** Photo 1: the face scan that passed for it (confirmed for the upload once it exists). */
  scan?: ScanPass | null;
}

interface Options {
  /** The photo is approved and stored in its slot: reload the profile and completeness. */
  onApproved: (slot: PhotoSlot) => Promise<unknown>;
  /** A line for the screen reader's live region. */
  announce: (message: string) => void;
}

/**
 * Uploads of profile photos, one per slot at a time: checks the file, creates the upload,
 * confirms photo 1's face scan for it, sends the file, then waits for the review. While the
 * realtime socket is open the review's answer comes as an `upload.status` push; without it (or
 * when it drops) the status is asked once a second. Either way the wait ends after 60 seconds.
 */
export function usePhotoUploads({ onApproved, announce }: Options) {
  const [pending, setPending] = useState<Partial<Record<PhotoSlot, PendingPhoto>>>({});
  const socket = useRealtimeStatus();
  const socketRef = useRef(socket);
  socketRef.current = socket;
  /** Pushed states by upload id, and who is waiting for them. */
  const pushed = useRef(new Map<string, string>());
  const wakers = useRef(new Map<string, () => void>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      wakers.current.forEach((wake) => wake());
    };
  }, []);

  useRealtimeEvent('upload.status', (data) => {
    pushed.current.set(data.uploadId, data.state);
    wakers.current.get(data.uploadId)?.();
  });

  /** Resolves on a push for this upload or after `ms`, whichever comes first. */
  const nap = useCallback(
    (uploadId: string, ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakers.current.delete(uploadId);
          resolve();
        }
        wakers.current.set(uploadId, done);
      }),
    [],
  );

  const waitForReview = useCallback(
    async (uploadId: string): Promise<PollOutcome | null> => {
      for (let tries = 0; tries < POLL_TRIES; tries++) {
        if (!mounted.current) return null;
        const decided = (pushed.current.get(uploadId) ?? 'pending_review') !== 'pending_review';
        // The first look always asks (the answer may have come before we listened); then only
        // when the socket cannot tell us, or told us the review is done.
        if (tries === 0 || decided || socketRef.current !== 'open') {
          const status = await getUploadStatus(uploadId).catch(() => null);
          const outcome = status ? readStatus(status) : null;
          if (outcome && outcome.kind !== 'waiting') return outcome;
        }
        await nap(uploadId, POLL_INTERVAL_MS);
      }
      return { kind: 'failed', message: PHOTO_MESSAGES.timedOut((POLL_TRIES * POLL_INTERVAL_MS) / 1000) };
    },
    [nap],
  );

  const setPhase = useCallback((slot: PhotoSlot, next: PendingPhoto | null) => {
    setPending((current) => {
      const copy = { ...current };
      if (next) copy[slot] = next;
      else delete copy[slot];
      return copy;
    });
  }, []);

  const upload = useCallback(
    async ({ slot, file, takenWithCamera, scan }: UploadRequest): Promise<boolean> => {
      const problem = photoFileProblem(file);
      const contentType = photoContentType(file);
      if (problem || !contentType) {
        toast.error(problem ?? PHOTO_MESSAGES.notAnImage);
        return false;
      }
      const previewUrl = URL.createObjectURL(file);
      const finish = () => {
        URL.revokeObjectURL(previewUrl);
        if (mounted.current) setPhase(slot, null);
      };
      setPhase(slot, { phase: 'uploading', previewUrl });
      announce(`Photo ${slot}: uploading`);
      try {
        const created = await createPhotoUpload({ slot, contentType, contentLength: file.size, takenWithCamera });
        if (slot === 1 && scan && !scan.mock) {
          // The scan makes the badge, not the photo: a failed confirmation must not lose the upload.
          await bindScanToUpload(created.uploadId, scan).catch((error: unknown) => console.warn('Face scan confirmation failed', error));
        }
        await sendPhotoFile(created, file, file.name || `photo${slot}.jpg`, contentType);
        if (!mounted.current) return false;
        setPhase(slot, { phase: 'analyzing', previewUrl });
        announce(`Photo ${slot}: ${PHOTO_MESSAGES.analyzing}`);
        const outcome = await waitForReview(created.uploadId);
        pushed.current.delete(created.uploadId);
        if (!outcome || !mounted.current) return false;
        if (outcome.kind === 'approved') {
          await onApproved(slot);
          finish();
          const message = takenWithCamera ? PHOTO_MESSAGES.captured(slot) : PHOTO_MESSAGES.uploaded(slot);
          toast.success(message);
          announce(message);
          return true;
        }
        if (outcome.kind === 'failed') {
          finish();
          toast.error(outcome.message);
          announce(`Photo ${slot}: ${outcome.message}`);
        }
        return false;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        finish();
        // A 401 was handled by the request layer (signed out).
        if (apiError?.status === 401) return false;
        console.error('Photo upload failed', error);
        const message = serverMessage(apiError?.body) ?? PHOTO_MESSAGES.uploadFailedN(slot);
        toast.error(message);
        announce(`Photo ${slot}: ${message}`);
        return false;
      }
    },
    [announce, onApproved, setPhase, waitForReview],
  );

  return { pending, upload };
}
