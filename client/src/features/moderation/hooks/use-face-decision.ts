import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '@/lib/api-errors.ts';
import { decideFace } from '../api/decide-face.ts';
import type { FaceDecisionBody, FacePage } from '../api/types.ts';
import { failureSentence } from './decision-form.ts';
import { FACE_QUEUE_KEY, faceDecidedSentence, withoutFace } from './face-review.ts';

/**
 * Deciding face matches from the list: one request at a time, the decided item out of the cached
 * page at once and the page read again (the next match comes into view), a sentence for the
 * screen's status line, the server's own sentence for its alert. The lines belong to the screen,
 * not the item: a decided item leaves, and so does one someone else decided (404, 409: the page is
 * read again after those too).
 */
export function useFaceDecision() {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const inFlight = useRef(false);

  const decide = useCallback(
    async (userId: number, name: string, body: FaceDecisionBody): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setPending(userId);
      setError(null);
      setStatus('');
      try {
        await decideFace(userId, body);
        await mutate(FACE_QUEUE_KEY, (page?: FacePage) => withoutFace(page, userId), { revalidate: true });
        setStatus(faceDecidedSentence(name, body.outcome));
        return true;
      } catch (failure) {
        console.error('Face decision failed', failure);
        if (!(failure instanceof ApiError && failure.status === 401)) {
          setError(failureSentence(failure));
          void mutate(FACE_QUEUE_KEY);
        }
        return false;
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [mutate],
  );

  return { decide, pending, error, status };
}
