import { Dialog } from 'radix-ui';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { CameraIcon, RefreshIcon, XIcon } from '@/components/ui/icons.tsx';
import { toast } from '@/lib/toast.ts';
import { captureJpeg, useCamera } from '../hooks/use-camera.ts';
import { CAPTURE_JPEG_QUALITY, captureFileName, PHOTO_MESSAGES, type PhotoSlot } from '../hooks/photo-rules.ts';

interface CameraOverlayProps {
  slot: PhotoSlot | null;
  onClose: () => void;
  /** The captured picture (JPEG, quality 0.9). */
  onCapture: (slot: PhotoSlot, file: File) => void;
  /** The camera was refused: the gallery picker takes over. */
  onFallbackToGallery: (slot: PhotoSlot) => void;
  /** Where focus goes when the overlay closes (it has no trigger of its own to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The full-screen camera for a profile photo: the rear camera first, a switch to the other one,
 * and a shutter. A refusal closes it with 'Camera access denied. Using file picker instead.' and
 * opens the gallery picker; any other failure shows 'Camera Error' with the reason.
 */
export function CameraOverlay({ slot, onClose, onCapture, onFallbackToGallery, onCloseAutoFocus }: CameraOverlayProps) {
  return (
    <Dialog.Root open={slot !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay pp-camera-backdrop" />
        {slot !== null ? (
          <CameraContent slot={slot} onCapture={onCapture} onFallbackToGallery={onFallbackToGallery} onCloseAutoFocus={onCloseAutoFocus} />
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CameraContent({
  slot,
  onCapture,
  onFallbackToGallery,
  onCloseAutoFocus,
}: Omit<CameraOverlayProps, 'slot' | 'onClose'> & { slot: PhotoSlot }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, facing, switchCamera, stop } = useCamera(videoRef, true, 'environment');
  useDeniedFallsBackToGallery(state.kind === 'denied', stop, onFallbackToGallery, slot);
  const { busy, capture, flip } = useShutter({ slot, videoRef, stop, switchCamera, onCapture });

  const failed = state.kind === 'error';
  return (
    <Dialog.Content className="pp-camera" aria-describedby={failed ? 'pp-camera-error' : undefined} onCloseAutoFocus={onCloseAutoFocus}>
      <Dialog.Title className="visually-hidden">{`Take Photo ${slot}`}</Dialog.Title>
      {/* Always mounted, so a stream restarted after a failed switch finds its element. */}
      <video
        ref={videoRef}
        className={facing === 'user' ? 'pp-camera-video pp-mirrored' : 'pp-camera-video'}
        hidden={failed}
        playsInline
        muted
        autoPlay
        aria-label="Camera preview"
      />
      {state.kind === 'error' ? (
        <CameraFailure message={state.message} onGallery={() => onFallbackToGallery(slot)} />
      ) : (
        <CameraControls
          slot={slot}
          starting={state.kind === 'starting'}
          ready={state.kind === 'live' && !busy}
          onCapture={capture}
          onFlip={flip}
        />
      )}
    </Dialog.Content>
  );
}

/** A refused camera: 'Camera access denied. Using file picker instead.', the camera stopped, the gallery picker. */
function useDeniedFallsBackToGallery(denied: boolean, stop: () => void, onFallbackToGallery: (slot: PhotoSlot) => void, slot: PhotoSlot) {
  useEffect(() => {
    if (!denied) return;
    toast.error(PHOTO_MESSAGES.cameraDenied);
    stop();
    onFallbackToGallery(slot);
  }, [denied, stop, onFallbackToGallery, slot]);
}

interface ShutterOptions {
  slot: PhotoSlot;
  videoRef: RefObject<HTMLVideoElement | null>;
  stop: () => void;
  switchCamera: () => Promise<boolean>;
  onCapture: (slot: PhotoSlot, file: File) => void;
}

/** The shutter (a JPEG of the video, the camera stopped, the file handed on) and the camera switch; busy while either works. */
function useShutter({ slot, videoRef, stop, switchCamera, onCapture }: ShutterOptions) {
  const [busy, setBusy] = useState(false);

  const capture = async () => {
    const video = videoRef.current;
    if (!video) return;
    setBusy(true);
    try {
      const blob = await captureJpeg(video, CAPTURE_JPEG_QUALITY);
      stop();
      onCapture(slot, new File([blob], captureFileName(slot), { type: 'image/jpeg' }));
    } catch (error) {
      console.error('Capture failed', error);
      toast.error(PHOTO_MESSAGES.captureFailed);
      setBusy(false);
    }
  };

  const flip = async () => {
    setBusy(true);
    if (!(await switchCamera())) toast.error(PHOTO_MESSAGES.switchFailed);
    setBusy(false);
  };

  return { busy, capture, flip };
}

/** 'Camera Error' with the reason, 'Choose from Gallery' and Close. */
function CameraFailure({ message, onGallery }: { message: string; onGallery: () => void }) {
  return (
    <div className="pp-camera-error" role="alert">
      <h2>{PHOTO_MESSAGES.cameraError}</h2>
      <p id="pp-camera-error">{message}</p>
      <div className="pp-camera-error-actions">
        <button type="button" className="btn btn-primary" onClick={onGallery}>
          Choose from Gallery
        </button>
        <Dialog.Close className="btn btn-secondary">Close</Dialog.Close>
      </div>
    </div>
  );
}

interface CameraControlsProps {
  slot: PhotoSlot;
  starting: boolean;
  /** The camera is live and nothing is under way: the shutter and the switch work. */
  ready: boolean;
  onCapture: () => Promise<void>;
  onFlip: () => Promise<void>;
}

/** 'Starting camera...' while it starts, then Close, the shutter and Switch camera. */
function CameraControls({ slot, starting, ready, onCapture, onFlip }: CameraControlsProps) {
  return (
    <>
      {starting ? (
        <p className="pp-camera-status" role="status">
          Starting camera...
        </p>
      ) : null}
      <div className="pp-camera-controls">
        <Dialog.Close className="pp-round-btn" aria-label="Close camera">
          <XIcon aria-hidden="true" />
        </Dialog.Close>
        <button
          type="button"
          className="pp-shutter"
          aria-label={`Capture photo ${slot}`}
          disabled={!ready}
          onClick={() => void onCapture()}
        >
          <CameraIcon aria-hidden="true" />
        </button>
        <button type="button" className="pp-round-btn" aria-label="Switch camera" disabled={!ready} onClick={() => void onFlip()}>
          <RefreshIcon aria-hidden="true" />
        </button>
      </div>
    </>
  );
}
