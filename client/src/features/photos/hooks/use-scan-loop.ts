import { type Dispatch, type RefObject, type SetStateAction, useEffect } from 'react';
import { LIVENESS_FAILURES } from '@contract/liveness.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { type ScanPass, type ScanSession, verifyScan } from '../api/face-scan.ts';
import type { ReaderSlot } from '../face-reader/reader-slot.ts';
import { PHOTO_MESSAGES } from './photo-rules.ts';
import type { GuideView } from './scan-guide.ts';
import { delay, readSteps } from './scan-reading.ts';
import { type Guidance, type ScanPhase, scanErrorMessage, SUCCESS_PAUSE_MS } from './scan-state.ts';

interface ScanLoopOptions {
  phase: ScanPhase;
  session: ScanSession | null;
  cameraLive: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The dialog's face reader (ready by the time `session` is set). */
  slot: ReaderSlot;
  /** The scan's run number: a loop whose number is no longer current stops touching the state. */
  run: RefObject<number>;
  stopCamera: () => void;
  closeReader: () => void;
  fail: (message: string) => void;
  setGuidance: Dispatch<SetStateAction<Guidance>>;
  setPhase: Dispatch<SetStateAction<ScanPhase>>;
  setPass: Dispatch<SetStateAction<ScanPass | null>>;
}

/**
 * The guided part of a scan, once the models, the session and the camera are all ready: the
 * readings until every step is taken, then the frames to the server and its verdict. The
 * session's end stops it on time even if a reading never comes back.
 */
export function useScanLoop({
  phase,
  session,
  cameraLive,
  videoRef,
  slot,
  run,
  stopCamera,
  closeReader,
  fail,
  setGuidance,
  setPhase,
  setPass,
}: ScanLoopOptions) {
  useEffect(() => {
    const faces = slot.current();
    if (phase !== 'checking' || !faces || !session || !cameraLive) return;
    const mine = run.current;
    const current = () => run.current === mine;
    const expiresAt = new Date(session.expiresAt).getTime();
    // The session's end stops the scan on time even if a reading never comes back.
    const expiry = setTimeout(
      () => {
        if (!current()) return;
        run.current++;
        stopCamera();
        closeReader();
        fail(LIVENESS_FAILURES.session_expired);
      },
      Math.max(0, expiresAt - Date.now()),
    );
    void (async () => {
      try {
        const show = (view: GuideView) => setGuidance({ ...view, preparing: false });
        const frames = await readSteps({ session, faces, video: () => videoRef.current, current, show });
        if (!frames) return;
        clearTimeout(expiry);
        stopCamera();
        setPhase('processing');
        const jpegs = await Promise.all(frames);
        if (!current()) return;
        closeReader();
        const verdict = await verifyScan(session.sessionToken, jpegs);
        await delay(SUCCESS_PAUSE_MS);
        if (!current()) return;
        setPass(verdict);
        setPhase('success');
      } catch (cause) {
        if (!current()) return;
        stopCamera();
        if (cause instanceof ApiError) return fail(scanErrorMessage(cause));
        // The reader itself failed: a new one is started by Try Again.
        console.error('Face reading failed', cause);
        closeReader();
        fail(PHOTO_MESSAGES.scanUnavailable);
      } finally {
        clearTimeout(expiry);
      }
    })();
  }, [phase, session, cameraLive, videoRef, slot, run, stopCamera, fail, closeReader, setGuidance, setPhase, setPass]);
}
