import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { createCameraStreams } from './camera-stream.ts';

export type Facing = 'environment' | 'user';

export type CameraState =
  | { kind: 'starting' }
  | { kind: 'live' }
  /** The member (or the browser's settings) refused the camera. */
  | { kind: 'denied' }
  | { kind: 'error'; message: string };

/**
 * How long the camera may take to give its first picture. A browser can leave getUserMedia or
 * the video's play() pending for ever (a device held by a stuck driver, a virtual camera that
 * never sends a frame): the member then sees a reason and Try Again instead of a blank preview.
 */
export const CAMERA_START_LIMIT_MS = 20_000;

class CameraStartTimeout extends Error {
  constructor() {
    super('The camera did not start in time');
    this.name = 'CameraStartTimeout';
  }
}

/** `work`, or a CameraStartTimeout once `ms` have passed without it settling. */
function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CameraStartTimeout()), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Words for a camera that failed for another reason than a refusal. */
export function cameraFailureMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'CameraStartTimeout') return 'The camera did not start. Close other apps that may be using it, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError' || name === 'AbortError') return 'The camera is in use by another app or could not be started.';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'This browser cannot use the camera here.';
  return 'The camera could not be started.';
}

function openCamera(constraints: MediaStreamConstraints): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('no getUserMedia'));
  return navigator.mediaDevices.getUserMedia(constraints);
}

const isDenial = (error: unknown) =>
  error instanceof DOMException &&
  (error.name === 'NotAllowedError' || error.name === 'SecurityError' || error.name === 'PermissionDeniedError');

/**
 * A live camera in a <video>: started when `active`, stopped (every track) when not or on
 * unmount. `facing` is only a wish ('ideal'): a device with one camera uses it whatever is asked.
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, active: boolean, initialFacing: Facing) {
  const [facing, setFacing] = useState<Facing>(initialFacing);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [streams] = useState(() => createCameraStreams(openCamera));

  /** Counts starts and stops, so a start that ran out of time after a newer start or a stop leaves things alone. */
  const starts = useRef(0);
  const stop = useCallback(() => {
    starts.current += 1;
    streams.stop();
  }, [streams]);

  /** True once the camera is live, or when a later start or a stop took over (not a failure). */
  const start = useCallback(
    async (wanted: Facing): Promise<boolean> => {
      setState({ kind: 'starting' });
      const mine = ++starts.current;
      try {
        const started = async () => {
          const stream = await streams.start({
            audio: false,
            video: { facingMode: { ideal: wanted }, width: { ideal: 1280 }, height: { ideal: 960 } },
          });
          const video = videoRef.current;
          if (stream && video) {
            video.srcObject = stream;
            await video.play().catch(() => undefined);
          }
          return stream;
        };
        const stream = await withinLimit(started(), CAMERA_START_LIMIT_MS);
        if (!stream) return true;
        if (streams.isCurrent(stream)) setState({ kind: 'live' });
        return true;
      } catch (error) {
        if (error instanceof CameraStartTimeout) {
          if (mine !== starts.current) return true;
          // A start that ran out of time still holds the device, or will when the browser answers.
          streams.stop();
        }
        console.error('Camera failed to start', error);
        setState(isDenial(error) ? { kind: 'denied' } : { kind: 'error', message: cameraFailureMessage(error) });
        return false;
      }
    },
    [streams, videoRef],
  );

  useEffect(() => {
    if (!active) return;
    void start(initialFacing);
    return stop;
    // Started once per opening; switching goes through `switchCamera`.
  }, [active, initialFacing, start, stop]);

  /** The other camera; false when it could not be started (the caller shows 'Failed to switch camera'). */
  const switchCamera = useCallback(async () => {
    const next: Facing = facing === 'environment' ? 'user' : 'environment';
    setFacing(next);
    const ok = await start(next);
    if (!ok) {
      // Back to the camera that worked, so the overlay is still usable.
      setFacing(facing);
      await start(facing);
    }
    return ok;
  }, [facing, start]);

  return { state, facing, switchCamera, stop };
}

/**
 * The video's current picture as a JPEG, as the camera sees it (never mirrored, whatever the
 * preview does), scaled so its longer side is at most `maxSide`.
 */
export function captureJpeg(video: HTMLVideoElement, quality: number, maxSide = 4096): Promise<Blob> {
  const scale = Math.min(1, maxSide / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return Promise.reject(new Error('No picture from the camera yet'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))), 'image/jpeg', quality),
  );
}
