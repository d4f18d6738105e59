import { PHOTO_FIELDS } from '../../../../../../server/contract/profile-fields.ts';
import { CameraIcon } from '../../../../components/ui/icons.tsx';
import { editSectionId } from '../../../../config/paths.ts';
import type { Profile } from '../../../../types/api.ts';

/**
 * The 5 photo slots with the existing photos. Uploading (camera, liveness scan, review) is a
 * later issue: the server has no uploads API yet, so the add buttons are disabled and say so.
 */
export function PhotosSection({ profile }: { profile: Profile }) {
  return (
    <section className="edit-section card" aria-labelledby={editSectionId('Photos')}>
      <h2 id={editSectionId('Photos')}>Photos</h2>
      <p className="field-hint">Take at least 2 photos. Your first photo will be your primary profile photo.</p>
      <ul className="photo-slots">
        {PHOTO_FIELDS.map((name, index) => {
          const url = typeof profile[name] === 'string' && profile[name] ? (profile[name] as string) : null;
          const label = index === 0 ? 'Photo 1 (primary)' : `Photo ${index + 1}`;
          return (
            <li key={name} className={index === 0 ? 'photo-slot photo-slot-main' : 'photo-slot'}>
              {url ? (
                <img src={url} alt={label} loading="lazy" />
              ) : (
                <button type="button" className="photo-add" disabled aria-describedby="photo-upload-note">
                  <CameraIcon />
                  <span>{label}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p id="photo-upload-note" className="notice">
        Photo upload is not available yet. It is coming in an update; until then your existing photos are shown here.
      </p>
      <p className="field-hint">
        Tip: photos are reviewed before they appear on your profile. Use JPEG, PNG or HEIC images of at most 10MB.
      </p>
    </section>
  );
}
