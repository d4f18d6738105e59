import { useCallback, useState } from 'react';
import { editSectionId } from '@/config/paths.ts';
import { type Profile, photoUrlOf } from '@/types/api.ts';
import { PHOTO_SLOTS, type PhotoSlot } from '../hooks/photo-rules.ts';
import { useAddPhotoFlow, useGalleryPicker } from '../hooks/use-add-photo-flow.ts';
import { useDeletePhoto } from '../hooks/use-delete-photo.ts';
import { usePhotoUploads } from '../hooks/use-photo-uploads.ts';
import { useScanPass } from '../hooks/use-scan-pass.ts';
import { useSlotFocus } from '../hooks/use-slot-focus.ts';
import { PhotoSlotView } from './photo-slot.tsx';
import { AddPhotoDialogs, DeletePhotoConfirm, GalleryInput } from './photos-section-parts.tsx';
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
  const [deleteFor, setDeleteFor] = useState<PhotoSlot | null>(null);
  const { scanPass, scanRef, setScanPass, keepScanPass } = useScanPass();
  const { list, focusSlot, focus, returnFocus } = useSlotFocus();

  const changed = useCallback(() => onPhotosChanged(), [onPhotosChanged]);
  const { pending, upload } = usePhotoUploads({ onApproved: changed, announce: setAnnouncement });
  const { deleting, remove } = useDeletePhoto(changed, setAnnouncement);

  const addPhoto = (slot: PhotoSlot, file: File, takenWithCamera: boolean) => {
    void upload({ slot, file, takenWithCamera, scan: slot === 1 ? scanRef.current : null }).then((stored) => {
      // A scan is bound to one photo: the next photo 1 takes a new scan.
      if (stored && slot === 1) setScanPass(null);
    });
  };
  const gallery = useGalleryPicker((slot, file) => addPhoto(slot, file, false));
  const flow = useAddPhotoFlow({
    scanPass,
    setScanPass,
    openGallery: gallery.open,
    onCaptured: (slot, file) => addPhoto(slot, file, true),
  });

  const deletePhoto = (slot: PhotoSlot) => {
    void remove(slot).then(() => {
      setDeleteFor(null);
      // The confirmation has no trigger to return to: focus the slot (now its add button).
      setTimeout(() => focus(slot), 0);
    });
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
            verification={slot === 1 ? (profile.photo_verification ?? (profile.verified ? 'verified' : 'none')) : 'none'}
            deleting={deleting === slot}
            onAdd={(n) => {
              focusSlot.current = n;
              flow.start(n);
            }}
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
      <GalleryInput inputRef={gallery.inputRef} onPick={gallery.onPick} />
      <AddPhotoDialogs flow={flow} returnFocus={returnFocus} onScanPassed={keepScanPass} />
      <DeletePhotoConfirm slot={deleteFor} deleting={deleting} onCancel={() => setDeleteFor(null)} onConfirm={deletePhoto} />
    </section>
  );
}
