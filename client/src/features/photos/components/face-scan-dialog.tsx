import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ScanPass } from '../api/face-scan.ts';
import { PHOTO_MESSAGES } from '../hooks/photo-rules.ts';
import { useFaceScan } from '../hooks/use-face-scan.ts';
import { ScanChecking, ScanError, ScanIntro, ScanProcessing, ScanSuccess } from './face-scan-views.tsx';

interface FaceScanDialogProps {
  open: boolean;
  onClose: () => void;
  /** The scan passed and the member chose how to add photo 1. */
  onContinue?: (pass: ScanPass, source: 'camera' | 'gallery') => void;
  /** The scan passed: kept by the section, so closing now still leaves photo 1 ready to add. */
  onPassed: (pass: ScanPass) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own to return to). */
  onCloseAutoFocus: (event: Event) => void;
  /**
   * Offered after a camera failure or refusal, or face models that would not load in time: photo 1
   * without a scan (approved as usual, not verified). Without it the error view offers only Try Again.
   */
  onSkipVerification?: () => void;
  /** What the success view shows instead of the choice of photo source (verifying a photo 1 already stored). */
  renderSuccess?: (pass: ScanPass) => ReactNode;
}

/**
 * The face scan photo 1 needs: idle (what will happen), checking (the front camera with a face
 * outline and one prompt at a time), processing (the server's verdict), success, or error
 * ('Verification Failed', the reason, 'Try Again'). Closing before success is 'Face scan cancelled'.
 */
export function FaceScanDialog({ open, ...content }: FaceScanDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && content.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {open ? <FaceScanContent {...content} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FaceScanContent({
  onClose,
  onContinue,
  onPassed,
  onCloseAutoFocus,
  onSkipVerification,
  renderSuccess,
}: Omit<FaceScanDialogProps, 'open'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { phase, guidance, loadProgress, error, skipReason, pass, start, cancel } = useFaceScan(videoRef);
  const maySkip = skipReason !== null && onSkipVerification !== undefined;

  useEffect(() => {
    if (phase === 'success' && pass) onPassed(pass);
  }, [phase, pass, onPassed]);

  const close = () => {
    cancel();
    onClose();
    // The dialog leaves on the next frame; the toast's own rendering and measuring come after it.
    if (phase !== 'success') requestAnimationFrame(() => setTimeout(() => toast.info(PHOTO_MESSAGES.scanCancelled)));
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
      {phase === 'idle' ? <ScanIntro onCancel={close} onStart={() => void start()} /> : null}
      {phase === 'checking' ? <ScanChecking videoRef={videoRef} guidance={guidance} loadProgress={loadProgress} onCancel={close} /> : null}
      {phase === 'processing' ? <ScanProcessing /> : null}
      {phase === 'success' && pass ? (
        <ScanSuccess pass={pass} renderSuccess={renderSuccess} onContinue={onContinue} onClose={close} />
      ) : null}
      {phase === 'error' ? (
        <ScanError
          error={error}
          skipReason={skipReason}
          onSkip={maySkip ? onSkipVerification : undefined}
          onCancel={close}
          onRetry={() => void start()}
        />
      ) : null}
    </Dialog.Content>
  );
}
