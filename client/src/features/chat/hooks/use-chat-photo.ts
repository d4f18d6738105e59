import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { createChatUpload, getUploadStatus, sendUploadFile } from '../api/upload-photo.ts';
import {
  CHAT_MESSAGES,
  errorText,
  PHOTO_POLL_MS,
  PHOTO_POLL_TRIES,
  type PhotoPhase,
  photoContentType,
  photoFileProblem,
  photoRejectionMessage,
} from './chat-state.ts';

export interface AttachedPhoto {
  phase: PhotoPhase;
  /** A blob: URL of the chosen file, for the preview. */
  previewUrl: string;
  uploadId: string | null;
  name: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The photo attached to the composer: checked here (type, 10 MB), uploaded with fieldName
 * 'chat', then its review polled once a second up to 60 times ('Analyzing image...'). Approved:
 * 'Photo ready to send!'; rejected: the reason, else 'Photo was rejected by moderation', and the
 * photo is dropped. Choosing another photo or removing it abandons the one under way.
 */
export function useChatPhoto() {
  const [photo, setPhoto] = useState<AttachedPhoto | null>(null);
  /** Bumped whenever the attached photo changes, so a stale upload stops touching the state. */
  const generation = useRef(0);
  const previewRef = useRef<string | null>(null);

  const release = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  }, []);

  const clear = useCallback(() => {
    generation.current++;
    release();
    setPhoto(null);
  }, [release]);

  useEffect(
    () => () => {
      generation.current++;
      release();
    },
    [release],
  );

  const choose = useCallback(
    async (file: File) => {
      const problem = photoFileProblem(file);
      if (problem) {
        toast.error(problem);
        return;
      }
      const mine = ++generation.current;
      const current = () => generation.current === mine;
      release();
      const previewUrl = URL.createObjectURL(file);
      previewRef.current = previewUrl;
      setPhoto({ phase: 'uploading', previewUrl, uploadId: null, name: file.name });
      const fail = (message: string) => {
        if (!current()) return;
        toast.error(message);
        clear();
      };
      try {
        const contentType = photoContentType(file);
        const upload = await createChatUpload(contentType, file.size);
        if (!current()) return;
        await sendUploadFile(upload, file, contentType);
        if (!current()) return;
        setPhoto((p) => (p ? { ...p, phase: 'analyzing', uploadId: upload.uploadId } : p));
        for (let tries = 0; tries < PHOTO_POLL_TRIES; tries++) {
          const status = await getUploadStatus(upload.uploadId).catch(() => null);
          if (!current()) return;
          if (status?.state === 'approved') {
            setPhoto((p) => (p ? { ...p, phase: 'ready' } : p));
            toast.success(CHAT_MESSAGES.photoReady);
            return;
          }
          if (status?.state === 'rejected' || status?.state === 'error') {
            fail(photoRejectionMessage(status.rejectionReason));
            return;
          }
          await sleep(PHOTO_POLL_MS);
          if (!current()) return;
        }
        fail(CHAT_MESSAGES.photoTimeout);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        if (apiError?.status === 401) return clear();
        console.error('Chat photo upload failed', error);
        fail(apiError?.status === undefined ? CHAT_MESSAGES.uploadFailed : errorText(apiError.body, CHAT_MESSAGES.uploadFailed));
      }
    },
    [clear, release],
  );

  return { photo, choose, clear };
}
