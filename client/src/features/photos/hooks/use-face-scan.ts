import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { getScanSession, type ScanPass, type ScanSession, verifyScan } from '../api/face-scan.ts';
import { type LoadProgress, startFaceReader } from '../face-reader/face-reader.ts';
import { createReaderSlot, ModelsTimedOut, type ReaderSlot } from '../face-reader/reader-slot.ts';
import { type CameraState, useCamera } from './use-camera.ts';
import { PHOTO_MESSAGES } from './photo-rules.ts';
import {
  type Guidance,
  PREPARING,
  type ScanFailure,
  type ScanPhase,
  scanErrorMessage,
  type SkipReason,
  SUCCESS_PAUSE_MS,
} from './scan-state.ts';
import { delay } from './scan-reading.ts';
import { useScanLoop } from './use-scan-loop.ts';

export { SCAN_HINTS, SCAN_NUDGES } from './scan-guide.ts';
export { MODEL_LOAD_LIMIT_MS } from '../face-reader/reader-slot.ts';
export type { Guidance, ScanPhase, SkipReason } from './scan-state.ts';
export type { LoadProgress } from '../face-reader/face-reader.ts';

/** A practice (mock) scan takes 2 to 3 seconds, like a quick real one. */
const MOCK_SCAN_MS = 2500;

/** The scan has no file picker to fall back on, so only the first sentence of the camera refusal applies. */
const CAMERA_DENIED = 'Camera access denied.';

/**
 * The face scan for photo 1, as a state machine: idle → checking (the session, the models and the
 * camera; then the live guidance of scan-guide.ts) → processing (the frames go to the server,
 * which answers once the liveness worker decided) → success after a short pause, or error with
 * the reason. Face detection runs in a worker (face-reader/), started as soon as the dialog opens
 * so the models load while the member reads what is about to happen; the page only passes it
 * pictures, and waits for its models at most MODEL_LOAD_LIMIT_MS after Start. The camera runs
 * only while checking; the worker is ended once the frames are taken, on Cancel and when the
 * dialog closes.
 */
export function useFaceScan(videoRef: RefObject<HTMLVideoElement | null>) {
  const [phase, setPhase] = useState<ScanPhase>('idle');
  const camera = useCamera(videoRef, phase === 'checking', 'user');
  const stopCamera = camera.stop;
  const [guidance, setGuidance] = useState<Guidance>(PREPARING);
  const [failure, setFailure] = useState<ScanFailure | null>(null);
  const [pass, setPass] = useState<ScanPass | null>(null);
  const [session, setSession] = useState<ScanSession | null>(null);
  const { slot, loadProgress } = useReaderSlot();
  /** Bumped on every start, on Cancel and on close, so a stale run stops touching the state. */
  const run = useRef(0);
  useEffect(() => () => void run.current++, []);

  const fail = useCallback((message: string, skip: SkipReason | null = null) => {
    setFailure({ message, skip });
    setPhase('error');
  }, []);
  useCameraFailure(phase, camera.state, fail);

  const start = useCallback(async () => {
    const mine = ++run.current;
    setPass(null);
    setFailure(null);
    setSession(null);
    setGuidance(PREPARING);
    setPhase('checking');
    await openScan({ slot, current: () => run.current === mine, fail, setPhase, setPass, setSession });
  }, [slot, fail]);

  const cancel = useCallback(() => {
    run.current++;
    stopCamera();
    slot.close();
    setSession(null);
    setPhase('idle');
  }, [stopCamera, slot]);

  const closeReader = slot.close;
  const cameraLive = camera.state.kind === 'live';
  useScanLoop({ phase, session, cameraLive, videoRef, slot, run, stopCamera, closeReader, fail, setGuidance, setPhase, setPass });

  const error = failure?.message ?? null;
  return { phase, guidance, loadProgress, error, skipReason: failure?.skip ?? null, pass, start, cancel };
}

/** The dialog's face reader: started on opening (the models load during the intro), ended on closing. */
function useReaderSlot() {
  const [loadProgress, setLoadProgress] = useState<LoadProgress | null>(null);
  const [slot] = useState(() => createReaderSlot({ start: startFaceReader, onProgress: setLoadProgress }));
  useEffect(() => {
    slot.open();
    return () => slot.close();
  }, [slot]);
  return { slot, loadProgress };
}

/** A camera that cannot start ends the scan with the reason, and the member may go on without a scan. */
function useCameraFailure(phase: ScanPhase, state: CameraState, fail: (message: string, skip: SkipReason) => void) {
  useEffect(() => {
    if (phase !== 'checking') return;
    if (state.kind === 'denied') fail(CAMERA_DENIED, 'camera');
    else if (state.kind === 'error') fail(state.message, 'camera');
  }, [phase, state, fail]);
}

interface OpenScanOptions {
  slot: ReaderSlot;
  /** False once this run was cancelled, closed or restarted. */
  current: () => boolean;
  fail: (message: string, skip?: SkipReason | null) => void;
  setPhase: Dispatch<SetStateAction<ScanPhase>>;
  setPass: Dispatch<SetStateAction<ScanPass | null>>;
  setSession: Dispatch<SetStateAction<ScanSession | null>>;
}

/**
 * A new session (one per scan, a session is used once) and the reader's models, at the same
 * time; the time limit on the models counts from now. Once both are there the session is set,
 * and the guided loop starts as soon as the camera is live too.
 */
async function openScan({ slot, current, fail, setPhase, setPass, setSession }: OpenScanOptions) {
  const faces = slot.open();
  const modelsReady = slot.ready(faces);
  // Observed at once: a practice scan, or a failed session request, never waits for it.
  modelsReady.catch(() => undefined);
  let opened: ScanSession;
  try {
    opened = await getScanSession();
  } catch (cause) {
    if (current()) fail(scanErrorMessage(cause));
    return;
  }
  if (!current()) return;
  if (opened.mock) return runPracticeScan(opened, { slot, current, fail, setPhase, setPass });
  try {
    await modelsReady;
  } catch (cause) {
    if (!current()) return;
    console.error('Face models failed to load', cause);
    fail(cause instanceof ModelsTimedOut ? PHOTO_MESSAGES.scanSlow : PHOTO_MESSAGES.scanUnavailable, 'reader');
    return;
  }
  if (current()) setSession(opened);
}

/** A development server's practice scan: no camera, no models, a short pause, no frames. */
async function runPracticeScan(opened: ScanSession, { slot, current, fail, setPhase, setPass }: Omit<OpenScanOptions, 'setSession'>) {
  slot.close();
  setPhase('processing');
  try {
    await delay(MOCK_SCAN_MS);
    const verdict = await verifyScan(opened.sessionToken, []);
    await delay(SUCCESS_PAUSE_MS);
    if (!current()) return;
    setPass(verdict);
    setPhase('success');
  } catch (cause) {
    if (current()) fail(scanErrorMessage(cause));
  }
}
