import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { BackIcon, BlockIcon, ChatIcon, FlagIcon, HeartIcon, XIcon } from '@/components/ui/icons.tsx';
import { VerifiedBadge } from '@/components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import { profileAge } from '@/lib/format.ts';
import { type Profile, profilePhotos } from '@/types/api.ts';
import { FactList } from './fact-list.tsx';
import { DETAIL_SECTIONS, displayValue, locationText } from './profile-values.ts';
import './profile.css';

interface ProfileDetailProps {
  profile: Profile;
  busy: boolean;
  onBack: () => void;
  onLike: () => void;
  onPass: () => void;
  onBlock: () => Promise<boolean>;
  /** Opens the Report dialog (the reports feature); absent where reporting is not offered. */
  onReport?: () => void;
}

/**
 * Another member's profile with the Pass / Like / Block bar; a match's profile offers Message
 * (its chat, or the chat's unlock dialog) instead of a like or a pass it no longer needs. Report
 * sits in the top bar: the fixed bar has no room for a fourth button at 320 px.
 */
export function ProfileDetail({ profile, busy, onBack, onLike, onPass, onBlock, onReport }: ProfileDetailProps) {
  const [blockOpen, setBlockOpen] = useState(false);
  const age = profileAge(profile);
  const name = profile.username || 'Anonymous';
  // Only the photos the member has: an empty slot is not drawn (no grey silhouettes).
  const photos = profilePhotos(profile);

  return (
    <article className="page profile-page" aria-labelledby="profile-name">
      <div className="profile-topbar">
        <button type="button" className="icon-btn" aria-label="Back" onClick={onBack}>
          <BackIcon />
        </button>
        <h1 id="profile-name">
          {name}
          {age !== null ? `, ${age}` : ''}
        </h1>
        {profile.verified ? <VerifiedBadge /> : null}
        {onReport ? (
          <button type="button" className="btn btn-ghost profile-report" onClick={onReport} disabled={busy}>
            <FlagIcon /> Report
          </button>
        ) : null}
      </div>

      {photos.length > 0 ? (
        <div className="photo-grid" data-count={photos.length}>
          {photos.map((url, index) => (
            <img
              // positions are stable for a profile; two slots may share a URL
              key={index}
              className={index === 0 ? 'photo-main' : undefined}
              src={url}
              alt={`${name}, photo ${index + 1}`}
              // The main photo is the first thing the page shows (its largest paint): not deferred.
              loading={index === 0 ? 'eager' : 'lazy'}
              onError={(event) => {
                // A photo that fails to load falls back once; a failing placeholder must not loop.
                if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
              }}
            />
          ))}
        </div>
      ) : null}

      <section className="card profile-section" aria-labelledby="sec-basics">
        <div className="section-head">
          <h2 id="sec-basics">Basics</h2>
        </div>
        <FactList
          profile={profile}
          fields={[]}
          extra={[
            ['Gender', displayValue(profile, 'gender')],
            ['Age', age !== null ? String(age) : 'N/A'],
            ['Location', locationText(profile)],
            ['Native language', displayValue(profile, 'native_language')],
          ]}
        />
      </section>

      {DETAIL_SECTIONS.map((section) => {
        const id = `sec-${section.title.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section className="card profile-section" key={section.title} aria-labelledby={id}>
            <div className="section-head">
              <h2 id={id}>{section.title}</h2>
            </div>
            <FactList profile={profile} fields={section.fields} />
          </section>
        );
      })}

      <div className="fixed-action-bar bottom-bar">
        {typeof profile.match_id === 'number' ? (
          <Link to={paths.chat(profile.match_id)} className="btn btn-primary profile-message">
            <ChatIcon /> Message
          </Link>
        ) : (
          <>
            <button type="button" className="btn btn-pass" onClick={onPass} disabled={busy}>
              <XIcon /> Pass
            </button>
            <button
              type="button"
              className="btn btn-like"
              onClick={onLike}
              disabled={busy || Boolean(profile.is_liked)}
              title={profile.is_liked ? 'Already liked' : undefined}
            >
              <HeartIcon /> {profile.is_liked ? 'Already liked' : 'Like'}
            </button>
          </>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => setBlockOpen(true)} disabled={busy}>
          <BlockIcon /> Block User
        </button>
      </div>

      <ConfirmDialog
        open={blockOpen}
        onOpenChange={setBlockOpen}
        title="Block User?"
        description="Are you sure you want to block this user? Neither you nor the user will be able to see each other in the search."
        confirmLabel="Yes, Block User"
        destructive
        busy={busy}
        onConfirm={async () => {
          const ok = await onBlock();
          if (ok) setBlockOpen(false);
        }}
      />
    </article>
  );
}

export function ProfileNotFound() {
  return (
    <section className="page empty-state" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Profile Not Found</h1>
      <p>This profile may have been removed or is no longer available</p>
      <Link to={paths.home} className="btn btn-primary">
        Back to Discovery
      </Link>
    </section>
  );
}
