import { useCallback, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { editSectionId } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { type Profile, photoUrlOf } from '../../../types/api.ts';
import type { ScanPass } from '../api/face-scan.ts';
import { GALLERY_ACCEPT, PHOTO_MESSAGES, PHOTO_SLOTS, type PhotoSlot } from '../hooks/photo-rules.ts';
import { useDeletePhoto } from '../hooks/use-delete-photo.ts';
import { usePhotoUploads } from '../hooks/use-photo-uploads.ts';
import { CameraOverlay } from './camera-overlay.tsx';
import { FaceScanDialog } from './face-scan-dialog.tsx';
import { PhotoSlotView } from './photo-slot.tsx';
import { PhotoSourceDialog } from './photo-source-dialog.tsx';
import './photos.css';

interface PhotosSectionProps {
  profile: Profile;
  /** A photo was stored or removed: reload the profile and its completeness; resolves when done. */
  onPhotosChanged: () => Promise<unknown>;
}

const photoUrl = (profile: Profile, slot: PhotoSlot): string | null => photoUrlOf(profile, slot) || null;

/**
 * The Photos section of /profile/edit: five slots, added from the camera or the gallery, each
 * stored as soon as it passes review. Photo 1 first needs a live face scan (kept for this visit
 * once passed, so a second try at the photo does not need a second scan).
 */
export function PhotosSection({ profile, onPhotosChanged }: PhotosSectionProps) {
  const [announcement, setAnnouncement] = useState('');
  const [sourceFor, setSourceFor] = useState<PhotoSlot | null>(null);
  const [cameraFor, setCameraFor] = useState<PhotoSlot | null>(null);
  const [deleteFor, setDeleteFor] = useState<PhotoSlot | null>(null);
  const [scanOpen, setScanOpen] = useState(false);
  const [scanPass, setScanPassState] = useState<ScanPass | null>(null);
  /** Read when the photo arrives, which may be before a re-render shows the new state. */
  const scanRef = useRef<ScanPass | null>(null);
  const setScanPass = useCallback((pass: ScanPass | null) => {
    scanRef.current = pass;
    setScanPassState(pass);
  }, []);
  const keepScanPass = useCallback((pass: ScanPass) => setScanPass(pass), [setScanPass]);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** The slot a dialog was opened from: focus goes back to it when the dialog closes. */
  const focusSlot = useRef<PhotoSlot | null>(null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const slot = focusSlot.current;
    if (slot !== null) list.current?.querySelector<HTMLElement>(`[data-slot="${slot}"] button`)?.focus();
  };
  const pickingFor = useRef<PhotoSlot | null>(null);

  const changed = useCallback(() => onPhotosChanged(), [onPhotosChanged]);
  const { pending, upload } = usePhotoUploads({ onApproved: changed, announce: setAnnouncement });
  const { deleting, remove } = useDeletePhoto(changed, setAnnouncement);

  const openGallery = (slot: PhotoSlot) => {
    pickingFor.current = slot;
    const input = fileInput.current;
    if (!input) return;
    input.value = '';
    input.click();
  };

  const addPhoto = (slot: PhotoSlot, file: File, takenWithCamera: boolean) => {
    void upload({ slot, file, takenWithCamera, scan: slot === 1 ? scanRef.current : null }).then((stored) => {
      // A scan is bound to one photo: the next photo 1 takes a new scan.
      if (stored && slot === 1) setScanPass(null);
    });
  };

  const onAdd = (slot: PhotoSlot) => {
    focusSlot.current = slot;
    if (slot === 1 && !scanPass) setScanOpen(true);
    else setSourceFor(slot);
  };

  return (
    <section className="edit-section card pp-section" aria-labelledby={editSectionId('Photos')}>
      <h2 id={editSectionId('Photos')}>Photos</h2>
      <p className="field-hint" id="pp-hint">
        Take at least 2 photos. Your first photo will be your primary profile photo.
      </p>
      <ul className="pp-slots" aria-describedby="pp-hint" ref={list}>
        {PHOTO_SLOTS.map((slot) => (
          <PhotoSlotView
            key={slot}
            slot={slot}
            url={photoUrl(profile, slot)}
            pending={pending[slot]}
            verified={profile.verified === true}
            deleting={deleting === slot}
            onAdd={onAdd}
            onDelete={(n) => {
              focusSlot.current = n;
              setDeleteFor(n);
            }}
          />
        ))}
      </ul>
      <p className="field-hint">
        Tip: every photo is reviewed before it appears on your profile, and your first photo needs a quick face scan. Use JPEG, PNG or HEIC
        images of at most 10MB.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <input
        ref={fileInput}
        type="file"
        accept={GALLERY_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const slot = pickingFor.current;
          const file = event.currentTarget.files?.[0];
          if (slot === null) return;
          if (!file) {
            toast.error(PHOTO_MESSAGES.noFile);
            return;
          }
          addPhoto(slot, file, false);
        }}
      />
      <PhotoSourceDialog
        slot={sourceFor}
        onClose={() => setSourceFor(null)}
        onCloseAutoFocus={returnFocus}
        onCamera={() => {
          setCameraFor(sourceFor);
          setSourceFor(null);
        }}
        onGallery={() => {
          if (sourceFor) openGallery(sourceFor);
          setSourceFor(null);
        }}
      />
      <FaceScanDialog
        open={scanOpen}
        onClose={() => setScanOpen(false)}
        onCloseAutoFocus={returnFocus}
        onPassed={keepScanPass}
        onContinue={(pass, source) => {
          setScanPass(pass);
          setScanOpen(false);
          if (source === 'camera') setCameraFor(1);
          else openGallery(1);
        }}
      />
      <CameraOverlay
        slot={cameraFor}
        onClose={() => setCameraFor(null)}
        onCloseAutoFocus={returnFocus}
        onCapture={(slot, file) => {
          setCameraFor(null);
          addPhoto(slot, file, true);
        }}
        onFallbackToGallery={(slot) => {
          setCameraFor(null);
          openGallery(slot);
        }}
      />
      <ConfirmDialog
        open={deleteFor !== null}
        onOpenChange={(open) => !open && deleting === null && setDeleteFor(null)}
        title={`Delete photo ${deleteFor ?? ''}?`}
        description={deleteFor === 1 ? 'Your first photo is your primary photo; the next one you add needs a new face scan.' : 'The photo is removed from your profile.'}
        confirmLabel="Delete"
        busy={deleting !== null}
        destructive
        onConfirm={() => {
          const slot = deleteFor;
          if (!slot) return;
          void remove(slot).then(() => {
            setDeleteFor(null);
            // The confirmation has no trigger to return to: focus the slot (now its add button).
            setTimeout(() => list.current?.querySelector<HTMLElement>(`[data-slot="${slot}"] button`)?.focus(), 0);
          });
        }}
      />
    </section>
  );
}
