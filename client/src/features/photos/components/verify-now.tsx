import { useCallback, useRef, useState } from 'react';
import type { ScanPass } from '../api/face-scan.ts';
import { ShieldIcon } from '@/components/ui/icons.tsx';
import type { Profile } from '@/types/api.ts';
import { useVerifyNow } from '../hooks/use-verify-now.ts';
import { FaceScanDialog } from './face-scan-dialog.tsx';
import './photos.css';

interface VerifyNowProps {
  profile: Profile;
  /** Reload the profile (the badge or its review shows from it); resolves when done. */
  onChanged: () => Promise<unknown>;
}

/**
 * On the own profile, under the name: a photo 1 that went in without a face scan (no camera at
 * the time) can be verified now; a verification held for review says so. Nothing otherwise.
 */
export function VerifyNow({ profile, onChanged }: VerifyNowProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { bind } = useVerifyNow(profile.photo1_upload_id, onChanged);
  /** The scan already being bound: the dialog reports a pass on every render of its success view. */
  const bound = useRef<string | null>(null);
  const onPassed = useCallback(
    (pass: ScanPass) => {
      if (bound.current === pass.livenessToken) return;
      bound.current = pass.livenessToken;
      void bind(pass, () => setOpen(false));
    },
    [bind],
  );

  if (profile.photo_verification === 'pending_review') {
    return (
      <div className="pp-verify-note" role="status">
        <p className="pp-verify-title">Verified badge waiting for review</p>
        <p>Your face scan matched your photo. A person reviews it before the badge shows on your profile; there is nothing more to do.</p>
      </div>
    );
  }
  if (profile.photo_verification !== 'unverified' || !profile.photo1_upload_id) return null;
  return (
    <div className="pp-verify-note">
      <p className="pp-verify-title">Your photo is not verified</p>
      <p>A quick face scan shows members that your first photo is really you, with the Verified badge.</p>
      <button ref={button} type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        <ShieldIcon aria-hidden="true" />
        Verify now
      </button>
      <FaceScanDialog
        open={open}
        onClose={() => setOpen(false)}
        onCloseAutoFocus={(event) => {
          // Back to the button while it is still there (after a pass it is gone with the note).
          event.preventDefault();
          button.current?.focus();
        }}
        onPassed={onPassed}
        renderSuccess={() => (
          <p className="dialog-description pp-scan-center" role="status">
            <span className="spinner" aria-hidden="true" />
            Checking your face scan against your first photo...
          </p>
        )}
      />
    </div>
  );
}
