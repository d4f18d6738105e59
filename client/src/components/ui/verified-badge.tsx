import { ShieldIcon } from './icons.tsx';
import './verified-badge.css';

/** 'Verified': photo 1 passed review and matched the member's live face scan. */
export function VerifiedBadge() {
  return (
    <span className="verified-chip">
      <ShieldIcon aria-hidden="true" />
      Verified
    </span>
  );
}
