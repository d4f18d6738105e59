import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { ShieldIcon } from '@/components/ui/icons.tsx';
import type { ScanPass } from '../api/face-scan.ts';
import type { Guidance, LoadProgress, SkipReason } from '../hooks/use-face-scan.ts';
import { PhotoSourceChoice } from './photo-source-dialog.tsx';

/** Why skipping is fine, and what it costs: shown with 'Continue without verification'. */
const SKIP_SCAN_TEXT: Record<SkipReason, string> = {
  camera:
    'No camera? You can still add your first photo from your gallery. It is reviewed as usual, without the Verified badge; you can verify it later from your profile.',
  reader:
    'The face check could not start on this device just now. You can still add your first photo from your gallery. It is reviewed as usual, without the Verified badge; you can verify it later from your profile.',
};

/** Before the scan: what will happen, Cancel or Start. */
export function ScanIntro({ onCancel, onStart }: { onCancel: () => void; onStart: () => void }) {
  return (
    <>
      <Dialog.Description className="dialog-description">
        Your first photo needs a quick live face scan. Look at the camera, then follow the prompts: it takes a few seconds.
      </Dialog.Description>
      <div className="pp-scan-intro" aria-hidden="true">
        <ShieldIcon />
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onStart} autoFocus>
          Start Face Scan
        </button>
      </div>
    </>
  );
}

/** The front camera with a face outline, the step and its prompt (or how far the face check is prepared), nudges and hints. */
export function ScanChecking({
  videoRef,
  guidance,
  loadProgress,
  onCancel,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  guidance: Guidance;
  loadProgress: LoadProgress | null;
  onCancel: () => void;
}) {
  return (
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
      {/* Outside the live regions: a count that changes every few seconds is not worth interrupting for. */}
      {guidance.preparing && loadProgress ? (
        <p className="pp-scan-progress pp-scan-loading">{`Loading the face check: ${loadProgress.done} of ${loadProgress.total}`}</p>
      ) : null}
      {/* Always in the page, so a screen reader hears each nudge as it comes, without cutting off the prompt. */}
      <p className="pp-scan-nudge" role="status" aria-live="polite" aria-atomic="true">
        {guidance.nudge}
      </p>
      {guidance.hint ? <p className="pp-scan-hint">{guidance.hint}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

export function ScanProcessing() {
  return (
    <div className="pp-scan-center" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>Verifying your face scan...</p>
    </div>
  );
}

interface ScanSuccessProps {
  pass: ScanPass;
  renderSuccess?: (pass: ScanPass) => ReactNode;
  onContinue?: (pass: ScanPass, source: 'camera' | 'gallery') => void;
  onClose: () => void;
}

/** 'Face verified', then the choice of photo source (or what the caller shows instead). */
export function ScanSuccess({ pass, renderSuccess, onContinue, onClose }: ScanSuccessProps) {
  return (
    <>
      <div className="pp-scan-center" role="status" aria-live="polite">
        <ShieldIcon className="pp-scan-ok" aria-hidden="true" />
        <p className="pp-scan-prompt">Face verified</p>
      </div>
      {renderSuccess ? (
        renderSuccess(pass)
      ) : (
        <>
          <p className="dialog-description">Now add your primary photo: a clear, recent photo of your face.</p>
          <PhotoSourceChoice onCamera={() => onContinue?.(pass, 'camera')} onGallery={() => onContinue?.(pass, 'gallery')} />
          <div className="dialog-actions pp-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Not now
            </button>
          </div>
        </>
      )}
    </>
  );
}

interface ScanErrorProps {
  error: string | null;
  /** What failed, when the member may go on without a scan. */
  skipReason: SkipReason | null;
  /** The caller offers to go on without a scan (only shown with a `skipReason`). */
  onSkip?: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

/**
 * 'Verification Failed' with the reason, Try Again, and after a camera failure or face models that
 * would not load the way on without a scan.
 */
export function ScanError({ error, skipReason, onSkip, onCancel, onRetry }: ScanErrorProps) {
  const skip = skipReason !== null && onSkip ? onSkip : undefined;
  return (
    <>
      <div className="pp-scan-error" role="alert">
        <h3>Verification Failed</h3>
        <p>{error}</p>
      </div>
      {skip && skipReason ? <p className="dialog-description">{SKIP_SCAN_TEXT[skipReason]}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
      {skip ? (
        <button type="button" className="btn btn-secondary btn-block pp-skip-scan" onClick={skip}>
          Continue without verification
        </button>
      ) : null}
    </>
  );
}
