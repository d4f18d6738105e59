import { CameraIcon, ShieldIcon, XIcon } from '@/components/ui/icons.tsx';
import { PHOTO_MESSAGES, type PhotoSlot } from '../hooks/photo-rules.ts';
import type { PendingPhoto } from '../hooks/use-photo-uploads.ts';
import type { PhotoVerification } from '@/types/api.ts';

interface PhotoSlotProps {
  slot: PhotoSlot;
  /** The stored photo's (signed) URL, if the slot holds one. */
  url: string | null;
  pending: PendingPhoto | undefined;
  /** Photo 1 carries the badge, or says it waits for review or is not verified yet. */
  verification: PhotoVerification;
  deleting: boolean;
  /** Another slot is busy with the camera or a dialog: adding waits. */
  onAdd: (slot: PhotoSlot) => void;
  onDelete: (slot: PhotoSlot) => void;
}

export const slotLabel = (slot: PhotoSlot) => (slot === 1 ? 'Photo 1 (primary)' : `Photo ${slot}`);

/** One of the five slots: the photo with its delete button, an upload under way, or the add button. */
export function PhotoSlotView({ slot, url, pending, verification, deleting, onAdd, onDelete }: PhotoSlotProps) {
  const className = slot === 1 ? 'pp-slot pp-slot-main' : 'pp-slot';
  if (pending) {
    return (
      <li className={className} data-slot={slot} aria-busy="true">
        {/* A HEIC file has no preview in most browsers: the progress shows on the empty slot then. */}
        <img
          src={pending.previewUrl}
          alt={`${slotLabel(slot)}, uploading`}
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
        <div className="pp-slot-progress">
          <span className="spinner pp-spinner" aria-hidden="true" />
          <span>{pending.phase === 'uploading' ? 'Uploading...' : PHOTO_MESSAGES.analyzing}</span>
        </div>
      </li>
    );
  }
  if (url) {
    return (
      <li className={className} data-slot={slot}>
        <img src={url} alt={slotLabel(slot)} />
        {verification === 'verified' ? (
          <span className="pp-verified">
            <ShieldIcon aria-hidden="true" />
            Verified
          </span>
        ) : null}
        {verification === 'pending_review' ? <span className="pp-verified pp-unverified">Badge in review</span> : null}
        {verification === 'unverified' ? <span className="pp-verified pp-unverified">Not verified</span> : null}
        <button type="button" className="pp-delete" aria-label={`Delete photo ${slot}`} disabled={deleting} onClick={() => onDelete(slot)}>
          <XIcon aria-hidden="true" />
        </button>
      </li>
    );
  }
  return (
    <li className={className} data-slot={slot}>
      <button type="button" className="pp-add" onClick={() => onAdd(slot)}>
        <CameraIcon aria-hidden="true" />
        <span>{slotLabel(slot)}</span>
      </button>
    </li>
  );
}
