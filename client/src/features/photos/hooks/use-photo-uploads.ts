import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, serverMessage } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { uploadContentType } from '@/lib/uploads/upload-file.ts';
import { uploadImage, type UploadOutcome } from '@/lib/uploads/upload-image.ts';
import { bindScanToUpload, type ScanPass } from '../api/face-scan.ts';
import { photoUploadBody } from '../api/photo-uploads.ts';
import { PHOTO_MESSAGES, type PhotoSlot, type PollOutcome, photoFileProblem, readStatus } from './photo-rules.ts';
import { useReviewPush } from './use-review-push.ts';

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

/** What the upload's end means for the slot; null when nobody waits for it any more. */
function slotOutcome(outcome: UploadOutcome): PollOutcome | null {
  switch (outcome.kind) {
    case 'approved':
      return readStatus(outcome.status);
    case 'refused':
      return readStatus({ state: outcome.state, rejectionReason: outcome.reason });
    case 'timedOut':
      return { kind: 'failed', message: outcome.message };
    case 'abandoned':
      return null;
  }
}

/** The slots' in-progress photos, and one setter for a slot's (null clears it). */
function usePendingSlots() {
  const [pending, setPending] = useState<Partial<Record<PhotoSlot, PendingPhoto>>>({});
  const setPhase = useCallback((slot: PhotoSlot, next: PendingPhoto | null) => {
    setPending((current) => {
      const copy = { ...current };
      if (next) copy[slot] = next;
      else delete copy[slot];
      return copy;
    });
  }, []);
  return { pending, setPhase };
}

/**
 * Uploads of profile photos, one per slot at a time, through the app's one upload routine
 * (lib/uploads): checks the file, creates the upload, confirms photo 1's face scan for it, sends
 * the file, then waits for the review. While the realtime socket is open the review's answer
 * comes as an `upload.status` push; without it (or when it drops) the status is asked once a
 * second. Either way the wait ends after 60 seconds.
 */
export function usePhotoUploads({ onApproved, announce }: Options) {
  const { pending, setPhase } = usePendingSlots();
  const { pause, shouldRead, forget } = useReviewPush();
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Tells the member how it ended, on a toast and in the live region. */
  const report = useCallback(
    (slot: PhotoSlot, outcome: 'success' | 'error', message: string) => {
      if (outcome === 'success') toast.success(message);
      else toast.error(message);
      announce(outcome === 'success' ? message : `Photo ${slot}: ${message}`);
    },
    [announce],
  );

  const upload = useCallback(
    async ({ slot, file, takenWithCamera, scan }: UploadRequest): Promise<boolean> => {
      const problem = photoFileProblem(file);
      const contentType = uploadContentType(file);
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
        const ended = await uploadImage({
          file,
          fileName: file.name || `photo${slot}.jpg`,
          create: photoUploadBody({ slot, contentType, contentLength: file.size, takenWithCamera }),
          abandoned: () => !mounted.current,
          sendEvenIfAbandoned: true,
          beforeSend: async (uploadId) => {
            if (slot !== 1 || !scan || scan.mock) return;
            // The scan makes the badge, not the photo: a failed confirmation must not lose the upload.
            await bindScanToUpload(uploadId, scan).catch((error: unknown) => console.warn('Face scan confirmation failed', error));
          },
          onPhase: () => {
            setPhase(slot, { phase: 'analyzing', previewUrl });
            announce(`Photo ${slot}: ${PHOTO_MESSAGES.analyzing}`);
          },
          shouldRead,
          pause,
        });
        if (ended.kind !== 'abandoned') forget(ended.uploadId);
        const outcome = slotOutcome(ended);
        if (!outcome || !mounted.current) return false;
        if (outcome.kind === 'approved') {
          await onApproved(slot);
          finish();
          report(slot, 'success', takenWithCamera ? PHOTO_MESSAGES.captured(slot) : PHOTO_MESSAGES.uploaded(slot));
          return true;
        }
        finish();
        report(slot, 'error', outcome.kind === 'failed' ? outcome.message : PHOTO_MESSAGES.uploadFailedN(slot));
        return false;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        finish();
        // A 401 was handled by the request layer (signed out).
        if (apiError?.status === 401) return false;
        console.error('Photo upload failed', error);
        report(slot, 'error', serverMessage(apiError?.body) ?? PHOTO_MESSAGES.uploadFailedN(slot));
        return false;
      }
    },
    [announce, forget, onApproved, pause, report, setPhase, shouldRead],
  );

  return { pending, upload };
}
