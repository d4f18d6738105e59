import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export type Facing = 'environment' | 'user';

export type CameraState =
  | { kind: 'starting' }
  | { kind: 'live' }
  /** The member (or the browser's settings) refused the camera. */
  | { kind: 'denied' }
  | { kind: 'error'; message: string };

/** Words for a camera that failed for another reason than a refusal. */
export function cameraFailureMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError' || name === 'AbortError') return 'The camera is in use by another app or could not be started.';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'This browser cannot use the camera here.';
  return 'The camera could not be started.';
}

const isDenial = (error: unknown) =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError' || error.name === 'PermissionDeniedError');

/**
 * A live camera in a <video>: started when `active`, stopped (every track) when not or on
 * unmount. `facing` is only a wish ('ideal'): a device with one camera uses it whatever is asked.
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, active: boolean, initialFacing: Facing) {
  const [facing, setFacing] = useState<Facing>(initialFacing);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const start = useCallback(
    async (wanted: Facing): Promise<boolean> => {
      stop();
      setState({ kind: 'starting' });
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no getUserMedia');
        const stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: wanted }, width: { ideal: 1280 }, height: { ideal: 960 } },
        });
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
        setState({ kind: 'live' });
        return true;
      } catch (error) {
        console.error('Camera failed to start', error);
        setState(isDenial(error) ? { kind: 'denied' } : { kind: 'error', message: cameraFailureMessage(error) });
        return false;
      }
    },
    [stop, videoRef],
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
