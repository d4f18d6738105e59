import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { CameraIcon, RefreshIcon, XIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../lib/toast.ts';
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

function CameraContent({ slot, onCapture, onFallbackToGallery, onCloseAutoFocus }: Omit<CameraOverlayProps, 'slot' | 'onClose'> & { slot: PhotoSlot }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, facing, switchCamera, stop } = useCamera(videoRef, true, 'environment');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (state.kind !== 'denied') return;
    toast.error(PHOTO_MESSAGES.cameraDenied);
    stop();
    onFallbackToGallery(slot);
  }, [state.kind, stop, onFallbackToGallery, slot]);

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
      {failed ? (
        <div className="pp-camera-error" role="alert">
          <h2>{PHOTO_MESSAGES.cameraError}</h2>
          <p id="pp-camera-error">{state.message}</p>
          <div className="pp-camera-error-actions">
            <button type="button" className="btn btn-primary" onClick={() => onFallbackToGallery(slot)}>
              Choose from Gallery
            </button>
            <Dialog.Close className="btn btn-secondary">Close</Dialog.Close>
          </div>
        </div>
      ) : (
        <>
          {state.kind === 'starting' ? (
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
              disabled={state.kind !== 'live' || busy}
              onClick={() => void capture()}
            >
              <CameraIcon aria-hidden="true" />
            </button>
            <button
              type="button"
              className="pp-round-btn"
              aria-label="Switch camera"
              disabled={state.kind !== 'live' || busy}
              onClick={() => void flip()}
            >
              <RefreshIcon aria-hidden="true" />
            </button>
          </div>
        </>
      )}
    </Dialog.Content>
  );
}
