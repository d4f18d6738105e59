import { Link } from 'react-router-dom';
import { FlagIcon, InfoIcon } from '@/components/ui/icons.tsx';
import { VerifiedBadge } from '@/components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import { formatDistance, profileAge } from '@/lib/format.ts';
import { type Profile, profilePhotos } from '@/types/api.ts';
import { useSwipe } from '../hooks/use-swipe.ts';
import { ProfileFacts } from './profile-facts.tsx';
import { CardPhoto, DecisionRow, PhotoSegments } from './swipe-card-parts.tsx';

interface SwipeCardProps {
  profile: Profile;
  busy: boolean;
  onDecide: (liked: boolean) => void;
  /** Opens the Report dialog for this member; absent where reporting is not offered. */
  onReport?: () => void;
}

/** The discovery card: 600px high, photo carousel, drag beyond 100px to like (right) or pass (left). */
export function SwipeCard({ profile, busy, onDecide, onReport }: SwipeCardProps) {
  const photos = profilePhotos(profile, 5);
  const alreadyLiked = Boolean(profile.is_liked);
  const swipe = useSwipe({ profileId: profile.id, photoCount: photos.length, busy, alreadyLiked, onDecide });

  const name = profile.username || 'Anonymous';
  const age = profileAge(profile);
  const distance = formatDistance(profile.distance);
  const photo = photos[swipe.photoIndex] ?? PLACEHOLDER_PHOTO;

  return (
    <div className="swipe-area">
      <article
        className={`swipe-card${swipe.dragging ? ' is-dragging' : ''}`}
        style={{ transform: `translateX(${swipe.dx}px) rotate(${swipe.dx / 20}deg)` }}
        aria-label={`${name}${age !== null ? `, ${age}` : ''}`}
      >
        <div className="swipe-photo" {...swipe.handlers}>
          <CardPhoto src={photo} />
          <p className="visually-hidden" aria-live="polite" data-testid="photo-caption">
            {photos.length ? `${name}, photo ${swipe.photoIndex + 1} of ${photos.length}` : `${name} has no photo`}
          </p>
          <PhotoSegments photos={photos} index={swipe.photoIndex} onNext={swipe.nextPhoto} />
          {swipe.hint ? (
            <span className={`swipe-stamp stamp-${swipe.hint}`} aria-hidden="true">
              {swipe.hint === 'like' ? 'LIKE' : 'PASS'}
            </span>
          ) : null}
          {onReport ? (
            <button type="button" className="report-btn" aria-label={`Report ${name}`} title="Report" disabled={busy} onClick={onReport}>
              <FlagIcon />
            </button>
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
      <DecisionRow busy={busy} alreadyLiked={alreadyLiked} onDecide={onDecide} />
    </div>
  );
}
