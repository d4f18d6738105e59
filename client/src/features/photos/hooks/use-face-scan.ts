import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { LIVENESS_FAILURES } from '../../../../../server/contract/liveness.ts';
import { ApiError, serverMessage } from '../../../lib/api-errors.ts';
import { getScanSession, type ScanPass, type ScanSession, verifyScan } from '../api/face-scan.ts';
import { type FaceEngine, loadFaceEngine } from './face-engine.ts';
import { useCamera } from './use-camera.ts';
import { measurePose, movementFrom, type Pose } from '../../../../../server/contract/liveness-pose.ts';
import { isNeutral, showsStep } from './face-pose.ts';
import { PHOTO_MESSAGES } from './photo-rules.ts';

export type ScanPhase = 'idle' | 'checking' | 'processing' | 'success' | 'error';

/** What the live guidance shows while checking. */
export interface Guidance {
  /** 'Look straight at the camera', then each step's prompt. */
  prompt: string;
  /** 0 while the neutral frame is awaited, then 1..steps. */
  step: number;
  steps: number;
  /** A problem with what the camera sees right now, or null. */
  hint: string | null;
  /** True until the camera and the face models are ready. */
  preparing: boolean;
}

/** The success view waits this long after the verdict, so the member sees the scan complete. */
export const SUCCESS_PAUSE_MS = 500;
/** A practice (mock) scan takes 2 to 3 seconds, like a quick real one. */
const MOCK_SCAN_MS = 2500;
/** Frames are sent at most this size (the worker accepts 240–1280 px). */
const FRAME_MAX_SIDE = 640;
const FRAME_QUALITY = 0.85;
/** The neutral frame is taken once this many readings in a row agree (the member holds still). */
const STEADY_READINGS = 2;

export const SCAN_HINTS = {
  noFace: 'Keep your whole face inside the outline.',
  severalFaces: LIVENESS_FAILURES.several_faces,
  notNeutral: LIVENESS_FAILURES.not_facing_camera,
} as const;

/** The reason shown under 'Verification Failed' for a failed request. */
export function scanErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === undefined || error.status >= 500) return PHOTO_MESSAGES.scanUnavailable;
    return serverMessage(error.body) ?? PHOTO_MESSAGES.scanFailed;
  }
  return PHOTO_MESSAGES.scanFailed;
}

/** The scan has no file picker to fall back on, so only the first sentence of the camera refusal applies. */
const CAMERA_DENIED = 'Camera access denied.';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The canvas's picture as base64 JPEG (no data: prefix). */
async function frameOf(canvas: HTMLCanvasElement): Promise<string> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', FRAME_QUALITY));
  if (!blob) throw new Error('The frame could not be encoded');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The video's current picture, unmirrored, at most FRAME_MAX_SIDE: what is read and what is sent. */
function snapshot(video: HTMLVideoElement): HTMLCanvasElement | null {
  if (video.readyState < 2 || video.videoWidth === 0) return null;
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * The face scan for photo 1, as a state machine: idle → checking (the session, the models and the
 * camera; then the live guidance: a neutral frame, then each step of the challenge, one frame as
 * soon as the movement clearly shows) → processing (the frames go to the server, which answers
 * once the liveness worker decided) → success after a short pause, or error with the reason.
 * The front camera runs only while checking, and stops as soon as the frames are taken.
 */
export function useFaceScan(videoRef: RefObject<HTMLVideoElement | null>) {
  const [phase, setPhase] = useState<ScanPhase>('idle');
  const camera = useCamera(videoRef, phase === 'checking', 'user');
  const stopCamera = camera.stop;
  const cameraLive = camera.state.kind === 'live';
  const [guidance, setGuidance] = useState<Guidance>({ prompt: '', step: 0, steps: 0, hint: null, preparing: true });
  const [error, setError] = useState<string | null>(null);
  const [pass, setPass] = useState<ScanPass | null>(null);
  const [engine, setEngine] = useState<FaceEngine | null>(null);
  const [session, setSession] = useState<ScanSession | null>(null);
  /** Bumped on every start and on close, so a stale loop stops touching the state. */
  const run = useRef(0);

  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );

  const fail = useCallback((message: string) => {
    setError(message);
    setPhase('error');
  }, []);

  /** Starts (or restarts) a scan: a new session each time, since a session is used once. */
  const start = useCallback(async () => {
    const mine = ++run.current;
    setPass(null);
    setError(null);
    setSession(null);
    setGuidance({ prompt: '', step: 0, steps: 0, hint: null, preparing: true });
    setPhase('checking');
    try {
      const engine = loadFaceEngine();
      // Handled below; this keeps a failed load from going unobserved while the session loads.
      engine.catch(() => undefined);
      const opened = await getScanSession();
      if (run.current !== mine) return;
      if (opened.mock) {
        // A development server's practice scan: no camera, no models, a short pause, no frames.
        setPhase('processing');
        await delay(MOCK_SCAN_MS);
        const verdict = await verifyScan(opened.sessionToken, []);
        await delay(SUCCESS_PAUSE_MS);
        if (run.current !== mine) return;
        setPass(verdict);
        setPhase('success');
        return;
      }
      const loaded = await engine.catch((cause: unknown) => {
        console.error('Face models failed to load', cause);
        throw new ApiError(503, { detail: PHOTO_MESSAGES.scanUnavailable });
      });
      if (run.current !== mine) return;
      setEngine(loaded);
      setSession(opened);
    } catch (cause) {
      if (run.current === mine) fail(scanErrorMessage(cause));
    }
  }, [fail]);

  // A camera that cannot start ends the scan with the reason.
  useEffect(() => {
    if (phase !== 'checking') return;
    if (camera.state.kind === 'denied') fail(CAMERA_DENIED);
    else if (camera.state.kind === 'error') fail(camera.state.message);
  }, [phase, camera.state, fail]);

  const cancel = useCallback(() => {
    run.current++;
    stopCamera();
    setPhase('idle');
  }, [stopCamera]);

  // The guidance loop: runs once the engine, the session and the camera are all ready.
  useEffect(() => {
    if (phase !== 'checking' || !engine || !session || !cameraLive) return;
    const mine = run.current;
    const current = () => run.current === mine;
    const expiresAt = new Date(session.expiresAt).getTime();
    const steps = session.challenge;
    void (async () => {
      const frames: string[] = [];
      let neutral: Pose | null = null;
      let steady: Pose | null = null;
      let steadyCount = 0;
      let step = 0;
      setGuidance({ prompt: session.baselinePrompt, step: 0, steps: steps.length, hint: null, preparing: false });
      while (current() && step < steps.length) {
        if (Date.now() >= expiresAt) {
          stopCamera();
          fail(LIVENESS_FAILURES.session_expired);
          return;
        }
        const video = videoRef.current;
        const canvas = video ? snapshot(video) : null;
        if (!canvas) {
          await delay(100);
          continue;
        }
        const reading = await engine.read(canvas).catch(() => null);
        if (!current()) return;
        const faces = reading?.faces ?? [];
        const hint = faces.length === 0 ? SCAN_HINTS.noFace : faces.length > 1 ? SCAN_HINTS.severalFaces : null;
        if (hint || !reading) {
          steadyCount = 0;
          setGuidance((g) => ({ ...g, hint }));
          await delay(50);
          continue;
        }
        const pose = measurePose(faces[0].landmarks, reading);
        if (!neutral) {
          if (!isNeutral(pose)) {
            steadyCount = 0;
            setGuidance((g) => ({ ...g, hint: SCAN_HINTS.notNeutral }));
            continue;
          }
          // Two readings in a row that agree: the member is holding still, looking ahead.
          const agrees = steady !== null && Math.abs(movementFrom(steady, pose).scale - 1) < 0.05 && Math.abs(pose.roll - steady.roll) < 4;
          steady = pose;
          steadyCount = agrees ? steadyCount + 1 : 1;
          if (steadyCount < STEADY_READINGS) continue;
          neutral = pose;
          frames.push(await frameOf(canvas));
          setGuidance({ prompt: steps[0].prompt, step: 1, steps: steps.length, hint: null, preparing: false });
          continue;
        }
        if (showsStep(steps[step].step, movementFrom(neutral, pose))) {
          frames.push(await frameOf(canvas));
          step += 1;
          if (step < steps.length) setGuidance({ prompt: steps[step].prompt, step: step + 1, steps: steps.length, hint: null, preparing: false });
          continue;
        }
        setGuidance((g) => (g.hint ? { ...g, hint: null } : g));
      }
      if (!current()) return;
      stopCamera();
      setPhase('processing');
      try {
        const verdict = await verifyScan(session.sessionToken, frames);
        await delay(SUCCESS_PAUSE_MS);
        if (!current()) return;
        setPass(verdict);
        setPhase('success');
      } catch (cause) {
        if (current()) fail(scanErrorMessage(cause));
      }
    })();
  }, [phase, engine, session, cameraLive, videoRef, stopCamera, fail]);

  return { phase, guidance, error, pass, start, cancel };
}
