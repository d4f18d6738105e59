import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '../../../config/paths.ts';
import { photoUrlOf, type Profile } from '../../../types/api.ts';
import { fieldsInSection, type ProfileSection } from '../../../../../server/contract/profile-fields.ts';
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
  { title: 'Appearance and Health', edit: 'Appearance & Health', fields: names('Appearance & Health') },
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
  onSignOut: () => void;
  onDelete: () => Promise<boolean>;
}

/** The member's own profile summary. */
export function OwnProfile({ profile, onSignOut, onDelete }: OwnProfileProps) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const credits = typeof profile.chats === 'number' ? profile.chats : 0;
  const photos = [1, 2, 3, 4, 5].map((i) => photoUrlOf(profile, i));

  return (
    <article className="page" aria-labelledby="own-name">
      <h1 id="own-name">{profile.username || 'User'}</h1>
      {profile.verified ? <VerifiedBadge /> : null}

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
        <div className="photo-grid own-photos" style={{ marginTop: '0.6rem', marginBottom: 0 }}>
          {photos.map((url, index) => (
            <img
              // the five photo slots are fixed
              key={index}
              src={typeof url === 'string' && url ? url : PLACEHOLDER_PHOTO}
              alt={typeof url === 'string' && url ? `Your photo ${index + 1}` : `Empty photo slot ${index + 1}`}
              loading="lazy"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
              }}
            />
          ))}
        </div>
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
