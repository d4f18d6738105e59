import { useCallback } from 'react';
import { ApiError, serverMessage } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { bindScanToUpload, type ScanPass } from '../api/face-scan.ts';
import { PHOTO_MESSAGES } from './photo-rules.ts';

export const VERIFY_MESSAGES = {
  verified: 'Your photo is verified',
  inReview: 'Your Verified badge is waiting for review',
} as const;

/**
 * Verifying a photo 1 stored without a face scan: the scan that just passed is bound to that
 * upload, and the server compares its face with the photo's: verified, held for review, or
 * refused with the server's reason. `close` ends the scan dialog as soon as the answer is in,
 * before the profile is read again (which removes the 'Verify now' the dialog belongs to).
 */
export function useVerifyNow(uploadId: string | null | undefined, onChanged: () => Promise<unknown>) {
  const bind = useCallback(
    async (pass: ScanPass, close: () => void): Promise<void> => {
      if (!uploadId) return close();
      try {
        const answer = await bindScanToUpload(uploadId, pass);
        close();
        // The badge, or its review, shows from the profile read again.
        await onChanged();
        if (answer.verified) toast.success(VERIFY_MESSAGES.verified);
        else toast.info(VERIFY_MESSAGES.inReview);
      } catch (error) {
        close();
        const apiError = error instanceof ApiError ? error : null;
        // A 401 was already handled by the api client (signed out, sent to /signin).
        if (apiError?.status === 401) return;
        console.error('Binding the face scan failed', error);
        toast.error(serverMessage(apiError?.body) ?? PHOTO_MESSAGES.scanFailed);
      }
    },
    [uploadId, onChanged],
  );

  return { bind };
}
