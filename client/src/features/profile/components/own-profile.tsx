import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { VerifiedBadge } from '@/components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import { type Profile, profilePhotos } from '@/types/api.ts';
import { fieldsInSection, type ProfileSection } from '@contract/profile-fields.ts';
import { FactList } from './fact-list.tsx';
import './profile.css';

const names = (section: ProfileSection) => fieldsInSection(section).map((field) => field.name);

/**
 * The summary's sections. Fields come from the shared catalogue;
 * Basics shows email instead of username, and Lifestyle and Relationship are one section here.
 * `edit` names the edit-screen section the Edit link jumps to.
 */
const SECTIONS: { title: string; edit: ProfileSection; fields: string[] }[] = [
  { title: 'Basics', edit: 'Basics', fields: ['email', ...names('Basics').filter((name) => name !== 'username')] },
  { title: 'Location', edit: 'Location', fields: names('Location') },
  // The typed pounds are part of the weight's value, not a line of their own.
  {
    title: 'Appearance and Health',
    edit: 'Appearance & Health',
    fields: names('Appearance & Health').filter((name) => name !== 'weight_lb'),
  },
  { title: 'Family and Childhood', edit: 'Family & Childhood', fields: names('Family & Childhood') },
  { title: 'Marital Status and Children', edit: 'Marital Status & Children', fields: names('Marital Status & Children') },
  { title: 'Finances', edit: 'Finances', fields: names('Finances') },
  {
    title: 'Lifestyle and Relationship',
    edit: 'Lifestyle',
    fields: [...names('Lifestyle'), ...names('Relationship Expectations')],
  },
];

interface OwnProfileProps {
  profile: Profile;
  /** Under the name: what photo 1 still needs for the badge (the photos feature's 'Verify now'). */
  verification?: ReactNode;
  onSignOut: () => void;
  onDelete: () => Promise<boolean>;
}

/** The member's own profile summary. */
export function OwnProfile({ profile, verification, onSignOut, onDelete }: OwnProfileProps) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const credits = typeof profile.chats === 'number' ? profile.chats : 0;
  // Only the photos the member has; empty slots are for the edit screen, not drawn here.
  const photos = profilePhotos(profile);

  return (
    <article className="page" aria-labelledby="own-name">
      <h1 id="own-name">{profile.username || 'User'}</h1>
      {profile.verified ? <VerifiedBadge /> : null}
      {verification}

      <section className="card credits-card" aria-labelledby="credits-title">
        <div>
          <h2 id="credits-title">Chat Credits</h2>
          <p className="credits-count">{credits}</p>
          <p>
            {credits > 0
              ? 'Each credit unlocks one conversation with a match'
              : 'Purchase chat credits to unlock conversations with your matches'}
          </p>
        </div>
        <Link to={paths.credits} className="btn">
          Buy Credits
        </Link>
      </section>

      <section className="card profile-section" aria-labelledby="own-photos">
        <div className="section-head">
          <h2 id="own-photos">Photos</h2>
          <Link to={paths.profileEditSection('Photos')} aria-label="Edit Photos">
            Edit
          </Link>
        </div>
        {photos.length > 0 ? (
          <div className="photo-grid own-photos" style={{ marginTop: '0.6rem', marginBottom: 0 }}>
            {photos.map((url, index) => (
              <img
                // positions are stable for a profile; two slots may share a URL
                key={index}
                src={url}
                alt={`Your photo ${index + 1}`}
                loading="lazy"
                onError={(event) => {
                  if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
                }}
              />
            ))}
          </div>
        ) : null}
      </section>

      {SECTIONS.map((section) => {
        const id = `own-${section.title.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section className="card profile-section" key={section.title} aria-labelledby={id}>
            <div className="section-head">
              <h2 id={id}>{section.title}</h2>
              <Link to={paths.profileEditSection(section.edit)} aria-label={`Edit ${section.title}`}>
                Edit
              </Link>
            </div>
            <FactList profile={profile} fields={section.fields} />
          </section>
        );
      })}

      <div className="profile-actions">
        <Link to={paths.profileEdit} className="btn btn-primary">
          Edit All
        </Link>
        <Link to={paths.accountStanding} className="btn btn-secondary">
          Account Standing
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onSignOut}>
          Sign Out
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setDeleteOpen(true)}>
          Delete My Profile
        </button>
      </div>

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete Profile"
        description="This will delete your data from the system forever! Are you sure?"
        confirmLabel="Delete Forever"
        destructive
        busy={deleting}
        onConfirm={async () => {
          setDeleting(true);
          const ok = await onDelete();
          setDeleting(false);
          if (ok) setDeleteOpen(false);
        }}
      />
    </article>
  );
}
