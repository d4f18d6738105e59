import { Dialog } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../lib/toast.ts';
import type { ScanPass } from '../api/face-scan.ts';
import { PHOTO_MESSAGES } from '../hooks/photo-rules.ts';
import { useFaceScan } from '../hooks/use-face-scan.ts';
import { PhotoSourceChoice } from './photo-source-dialog.tsx';

interface FaceScanDialogProps {
  open: boolean;
  onClose: () => void;
  /** The scan passed and the member chose how to add photo 1. */
  onContinue: (pass: ScanPass, source: 'camera' | 'gallery') => void;
  /** The scan passed: kept by the section, so closing now still leaves photo 1 ready to add. */
  onPassed: (pass: ScanPass) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The face scan photo 1 needs: idle (what will happen), checking (the front camera with a face
 * outline and one prompt at a time), processing (the server's verdict), success, or error
 * ('Verification Failed', the reason, 'Try Again'). Closing before success is 'Face scan cancelled'.
 */
export function FaceScanDialog({ open, onClose, onContinue, onPassed, onCloseAutoFocus }: FaceScanDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {open ? <FaceScanContent onClose={onClose} onContinue={onContinue} onPassed={onPassed} onCloseAutoFocus={onCloseAutoFocus} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FaceScanContent({ onClose, onContinue, onPassed, onCloseAutoFocus }: Omit<FaceScanDialogProps, 'open'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { phase, guidance, error, pass, start, cancel } = useFaceScan(videoRef);

  useEffect(() => {
    if (phase === 'success' && pass) onPassed(pass);
  }, [phase, pass, onPassed]);

  const close = () => {
    if (phase !== 'success') toast.info(PHOTO_MESSAGES.scanCancelled);
    cancel();
    onClose();
  };

  return (
    <Dialog.Content
      className="dialog-content dialog-small pp-scan"
      onCloseAutoFocus={onCloseAutoFocus}
      onEscapeKeyDown={(event) => {
        event.preventDefault();
        close();
      }}
      onInteractOutside={(event) => event.preventDefault()}
    >
      <Dialog.Title className="dialog-title">Face Scan</Dialog.Title>
      {phase === 'idle' ? (
        <>
          <Dialog.Description className="dialog-description">
            Your first photo needs a quick live face scan. Look at the camera, then follow the prompts: it takes a few seconds.
          </Dialog.Description>
          <div className="pp-scan-intro" aria-hidden="true">
            <ShieldIcon />
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void start()} autoFocus>
              Start Face Scan
            </button>
          </div>
        </>
      ) : null}
      {phase === 'checking' ? (
        <>
          <Dialog.Description className="visually-hidden">Follow the prompts while your face is inside the outline.</Dialog.Description>
          <div className="pp-scan-stage">
            <video ref={videoRef} className="pp-scan-video pp-mirrored" playsInline muted autoPlay aria-hidden="true" />
            <svg className="pp-scan-outline" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
              <ellipse cx="50" cy="48" rx="30" ry="38" />
            </svg>
          </div>
          <div className="pp-scan-guidance" role="status" aria-live="assertive" aria-atomic="true">
            {guidance.preparing ? (
              <p className="pp-scan-prompt">Preparing the face scan...</p>
            ) : (
              <>
                <p className="pp-scan-progress">{guidance.step === 0 ? 'Getting ready' : `Step ${guidance.step} of ${guidance.steps}`}</p>
                <p className="pp-scan-prompt">{guidance.prompt}</p>
              </>
            )}
          </div>
          {guidance.hint ? <p className="pp-scan-hint">{guidance.hint}</p> : null}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </>
      ) : null}
      {phase === 'processing' ? (
        <div className="pp-scan-center" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>Verifying your face scan...</p>
        </div>
      ) : null}
      {phase === 'success' && pass ? (
        <>
          <div className="pp-scan-center" role="status" aria-live="polite">
            <ShieldIcon className="pp-scan-ok" aria-hidden="true" />
            <p className="pp-scan-prompt">Face verified</p>
          </div>
          <p className="dialog-description">Now add your primary photo: a clear, recent photo of your face.</p>
          <PhotoSourceChoice onCamera={() => onContinue(pass, 'camera')} onGallery={() => onContinue(pass, 'gallery')} />
          <div className="dialog-actions pp-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Not now
            </button>
          </div>
        </>
      ) : null}
      {phase === 'error' ? (
        <>
          <div className="pp-scan-error" role="alert">
            <h3>Verification Failed</h3>
            <p>{error}</p>
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void start()}>
              Try Again
            </button>
          </div>
        </>
      ) : null}
    </Dialog.Content>
  );
}
