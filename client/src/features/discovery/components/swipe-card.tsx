import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { HeartIcon, InfoIcon, XIcon } from '../../../components/ui/icons.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '../../../config/paths.ts';
import { formatDistance, profileAge } from '../../../lib/format.ts';
import { type Profile, profilePhotos } from '../../../types/api.ts';
import { ProfileFacts } from './profile-facts.tsx';
import { isMiddleTap, SWIPE_THRESHOLD_PX, swipeDecision } from './swipe.ts';

interface SwipeCardProps {
  profile: Profile;
  busy: boolean;
  onDecide: (liked: boolean) => void;
}

/** The discovery card: 600px high, photo carousel, drag beyond 100px to like (right) or pass (left). */
export function SwipeCard({ profile, busy, onDecide }: SwipeCardProps) {
  const photos = profilePhotos(profile, 5);
  const [photoIndex, setPhotoIndex] = useState(0);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const moved = useRef(false);

  // The carousel index resets when the profile changes.
  // reset on profile change only
  useEffect(() => {
    setPhotoIndex(0);
    setDx(0);
  }, [profile.id]);

  const name = profile.username || 'Anonymous';
  const age = profileAge(profile);
  const distance = formatDistance(profile.distance);
  const photo = photos[photoIndex] ?? PLACEHOLDER_PHOTO;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if ((event.target as HTMLElement).closest('a, button')) return;
    start.current = { x: event.clientX, y: event.clientY };
    moved.current = false;
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const delta = event.clientX - start.current.x;
    if (Math.abs(delta) > 5) moved.current = true;
    setDx(delta);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const delta = event.clientX - start.current.x;
    start.current = null;
    setDragging(false);
    const decision = swipeDecision(delta);
    if (decision !== null && !(decision === 'like' && profile.is_liked)) {
      onDecide(decision === 'like');
      return;
    }
    setDx(0);
    if (!moved.current && photos.length > 1) {
      const rect = event.currentTarget.getBoundingClientRect();
      if (isMiddleTap(event.clientX - rect.left, rect.width)) setPhotoIndex((i) => (i + 1) % photos.length);
    }
  };

  const onPointerCancel = () => {
    start.current = null;
    setDragging(false);
    setDx(0);
  };

  const hint = dx > SWIPE_THRESHOLD_PX / 2 ? 'like' : dx < -SWIPE_THRESHOLD_PX / 2 ? 'pass' : null;

  return (
    <div className="swipe-area">
      <article
        className={`swipe-card${dragging ? ' is-dragging' : ''}`}
        style={{ transform: `translateX(${dx}px) rotate(${dx / 20}deg)` }}
        aria-label={`${name}${age !== null ? `, ${age}` : ''}`}
      >
        <div
          className="swipe-photo"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          {/* Decorative here: the text below names the photo, so a failed load never paints alt text over the card. */}
          <img
            key={photo}
            src={photo}
            alt=""
            draggable={false}
            onError={(event) => {
              // Fall back once; a failing placeholder must not loop.
              if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
            }}
          />
          <p className="visually-hidden" aria-live="polite" data-testid="photo-caption">
            {photos.length ? `${name}, photo ${photoIndex + 1} of ${photos.length}` : `${name} has no photo`}
          </p>
          {photos.length > 1 ? (
            <div className="photo-segments" aria-hidden="true">
              {photos.map((url, i) => (
                // one segment per photo slot; two slots may share a URL
                <span key={`${i}-${url}`} className={i === photoIndex ? 'segment is-active' : 'segment'} />
              ))}
            </div>
          ) : null}
          {photos.length > 1 ? (
            <button
              type="button"
              className="visually-hidden"
              onClick={() => setPhotoIndex((i) => (i + 1) % photos.length)}
            >
              Next photo
            </button>
          ) : null}
          {hint ? (
            <span className={`swipe-stamp stamp-${hint}`} aria-hidden="true">
              {hint === 'like' ? 'LIKE' : 'PASS'}
            </span>
          ) : null}
          <Link to={paths.profileView(profile.id)} className="info-btn" aria-label={`View ${name}'s profile`}>
            <InfoIcon />
          </Link>
          <div className="photo-overlay">
            <h2>
              {name}
              {age !== null ? <span className="overlay-age">, {age}</span> : null}
            </h2>
            {profile.verified ? <VerifiedBadge /> : null}
            {distance ? <p>{distance}</p> : null}
          </div>
        </div>
        <ProfileFacts profile={profile} facts={['height', 'education', 'religion']} className="card-facts" />
      </article>
      <div className="decision-row">
        <button
          type="button"
          className="round-btn round-pass"
          aria-label="Pass"
          title="Pass"
          disabled={busy}
          onClick={() => onDecide(false)}
        >
          <XIcon />
        </button>
        <button
          type="button"
          className="round-btn round-like"
          aria-label={profile.is_liked ? 'Already liked' : 'Like'}
          title={profile.is_liked ? 'Already liked' : 'Like'}
          disabled={busy || Boolean(profile.is_liked)}
          onClick={() => onDecide(true)}
        >
          <HeartIcon />
        </button>
      </div>
    </div>
  );
}
