import { useNavigate } from 'react-router-dom';
import { FlagIcon, HeartIcon, XIcon } from '@/components/ui/icons.tsx';
import { VerifiedBadge } from '@/components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import { formatDistance, profileAge } from '@/lib/format.ts';
import { type Profile, profilePhotos } from '@/types/api.ts';
import { ProfileFacts } from './profile-facts.tsx';

interface ProfileListProps {
  profiles: Profile[];
  busy: boolean;
  onDecide: (profile: Profile, liked: boolean) => void;
  /** Opens the Report dialog for a member; absent where reporting is not offered. */
  onReport?: (profile: Profile) => void;
}

/** List view: one row per profile; the row opens the profile, the buttons like, pass or report. */
export function ProfileList({ profiles, busy, onDecide, onReport }: ProfileListProps) {
  const navigate = useNavigate();
  return (
    <ul className="profile-list">
      {profiles.map((profile) => {
        const name = profile.username || 'Anonymous';
        const age = profileAge(profile);
        const photo = profilePhotos(profile, 1)[0] ?? PLACEHOLDER_PHOTO;
        const open = () => navigate(paths.profileView(profile.id));
        return (
          // the row's link is the keyboard path; the click is a larger target
          <li key={String(profile.id)} className="list-row" onClick={open}>
            <img
              src={photo}
              alt=""
              className="list-photo"
              loading="lazy"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
              }}
            />
            <div className="list-body">
              <h2 className="list-name">
                <a
                  href={paths.profileView(profile.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    open();
                  }}
                >
                  {name}
                  {age !== null ? `, ${age}` : ''}
                </a>
              </h2>
              {profile.verified ? <VerifiedBadge /> : null}
              <p className="list-distance">{formatDistance(profile.distance) ?? 'No distance'}</p>
            </div>
            {/* Under the photo and the buttons, across the row: beside them a phone has room for
                about 70 px a column, which broke 'Associate' and 'Protestant' in the middle. */}
            <ProfileFacts
              profile={profile}
              facts={['height', 'education', 'religion', 'livelihood', 'status', 'kidsWanted']}
              className="list-grid"
            />
            <div className="list-actions">
              <button
                type="button"
                className="round-btn round-small round-pass"
                aria-label={`Pass on ${name}`}
                title="Pass"
                disabled={busy}
                onClick={(event) => {
                  event.stopPropagation();
                  onDecide(profile, false);
                }}
              >
                <XIcon />
              </button>
              <button
                type="button"
                className="round-btn round-small round-like"
                aria-label={profile.is_liked ? `Already liked ${name}` : `Like ${name}`}
                title={profile.is_liked ? 'Already liked' : 'Like'}
                disabled={busy || Boolean(profile.is_liked)}
                onClick={(event) => {
                  event.stopPropagation();
                  onDecide(profile, true);
                }}
              >
                <HeartIcon />
              </button>
              {onReport ? (
                <button
                  type="button"
                  className="round-btn round-small round-report"
                  aria-label={`Report ${name}`}
                  title="Report"
                  disabled={busy}
                  onClick={(event) => {
                    event.stopPropagation();
                    onReport(profile);
                  }}
                >
                  <FlagIcon />
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
