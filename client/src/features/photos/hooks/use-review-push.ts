import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeEvent, useRealtimeStatus } from '@/lib/realtime.tsx';

/**
 * The `upload.status` push as a way to wait for a review: `pause` ends early when the push for
 * the upload comes, and `shouldRead` skips the status read while the socket is open and has told
 * nothing yet. The first look always reads (the answer may have come before we listened).
 */
export function useReviewPush() {
  const socket = useRealtimeStatus();
  const socketRef = useRef(socket);
  socketRef.current = socket;
  /** Pushed states by upload id, and who is waiting for them. */
  const pushed = useRef(new Map<string, string>());
  const wakers = useRef(new Map<string, () => void>());

  useEffect(() => {
    const waiting = wakers.current;
    return () => waiting.forEach((wake) => wake());
  }, []);

  useRealtimeEvent('upload.status', (data) => {
    pushed.current.set(data.uploadId, data.state);
    wakers.current.get(data.uploadId)?.();
  });

  /** Resolves on a push for this upload or after `ms`, whichever comes first. */
  const pause = useCallback(
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

  const shouldRead = useCallback((uploadId: string, tries: number) => {
    const decided = (pushed.current.get(uploadId) ?? 'pending_review') !== 'pending_review';
    return tries === 0 || decided || socketRef.current !== 'open';
  }, []);

  const forget = useCallback((uploadId: string) => pushed.current.delete(uploadId), []);

  return { pause, shouldRead, forget };
}
