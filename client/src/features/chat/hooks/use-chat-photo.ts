import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { uploadContentType, uploadFileProblem } from '@/lib/uploads/upload-file.ts';
import { uploadImage } from '@/lib/uploads/upload-image.ts';
import { chatUploadBody } from '../api/upload-photo.ts';
import { CHAT_MESSAGES, errorText, type PhotoPhase, photoFailureMessage } from './chat-state.ts';

export interface AttachedPhoto {
  phase: PhotoPhase;
  /** A blob: URL of the chosen file, for the preview. */
  previewUrl: string;
  uploadId: string | null;
  name: string;
}

/** The wording of a request that failed: the server's words when it answered, else the generic. */
const failedRequestText = (error: ApiError | null) =>
  error?.status === undefined ? CHAT_MESSAGES.uploadFailed : errorText(error.body, CHAT_MESSAGES.uploadFailed);

/**
 * The photo attached to the composer: checked here (the app's upload rules), uploaded with
 * fieldName 'chat' through the app's one upload routine (lib/uploads), then its review polled
 * once a second up to 60 times ('Analyzing image...'). Approved: 'Photo ready to send!';
 * rejected: the reason, else 'Photo was rejected by moderation'; not processed: the reason, else
 * 'Photo processing failed'; no verdict after 60 tries: 'Upload timed out after 60 seconds'. A
 * photo that fails is dropped. Choosing another photo or removing it abandons the one under way.
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
      const problem = uploadFileProblem(file);
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
        const contentType = uploadContentType(file) ?? '';
        const outcome = await uploadImage({
          file,
          fileName: file.name || 'photo',
          create: chatUploadBody(contentType, file.size),
          abandoned: () => !current(),
          onPhase: (_phase, uploadId) => setPhoto((p) => (p ? { ...p, phase: 'analyzing', uploadId } : p)),
        });
        if (outcome.kind === 'approved') {
          setPhoto((p) => (p ? { ...p, phase: 'ready' } : p));
          toast.success(CHAT_MESSAGES.photoReady);
        } else if (outcome.kind === 'refused') fail(photoFailureMessage(outcome.state, outcome.reason));
        else if (outcome.kind === 'timedOut') fail(outcome.message);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        if (apiError?.status === 401) return clear();
        console.error('Chat photo upload failed', error);
        fail(failedRequestText(apiError));
      }
    },
    [clear, release],
  );

  return { photo, choose, clear };
}
