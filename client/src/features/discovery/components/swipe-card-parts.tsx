import { HeartIcon, XIcon } from '@/components/ui/icons.tsx';
import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';

/** The photo, decorative: the text below names it, so a failed load never paints alt text over the card. */
export function CardPhoto({ src }: { src: string }) {
  return (
    <img
      key={src}
      src={src}
      alt=""
      draggable={false}
      onError={(event) => {
        // Fall back once; a failing placeholder must not loop.
        if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
      }}
    />
  );
}

/** One segment per photo slot, the shown one marked; a hidden 'Next photo' button for keyboards and readers. */
export function PhotoSegments({ photos, index, onNext }: { photos: readonly string[]; index: number; onNext: () => void }) {
  if (photos.length <= 1) return null;
  return (
    <>
      <div className="photo-segments" aria-hidden="true">
        {photos.map((url, i) => (
          // one segment per photo slot; two slots may share a URL
          <span key={`${i}-${url}`} className={i === index ? 'segment is-active' : 'segment'} />
        ))}
      </div>
      <button type="button" className="visually-hidden" onClick={onNext}>
        Next photo
      </button>
    </>
  );
}

/** Pass and Like under the card; Like is off for a profile already liked. */
export function DecisionRow({
  busy,
  alreadyLiked,
  onDecide,
}: {
  busy: boolean;
  alreadyLiked: boolean;
  onDecide: (liked: boolean) => void;
}) {
  return (
    <div className="decision-row">
      <button type="button" className="round-btn round-pass" aria-label="Pass" title="Pass" disabled={busy} onClick={() => onDecide(false)}>
        <XIcon />
      </button>
      <button
        type="button"
        className="round-btn round-like"
        aria-label={alreadyLiked ? 'Already liked' : 'Like'}
        title={alreadyLiked ? 'Already liked' : 'Like'}
        disabled={busy || alreadyLiked}
        onClick={() => onDecide(true)}
      >
        <HeartIcon />
      </button>
    </div>
  );
}
