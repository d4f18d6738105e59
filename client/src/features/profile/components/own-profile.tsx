import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths, PLACEHOLDER_PHOTO } from '../../../config/paths.ts';
import type { Profile } from '../../../types/api.ts';
import { FactList } from './fact-list.tsx';
import './profile.css';

/** `edit` names the edit-screen section the Edit link jumps to. */
const SECTIONS: { title: string; edit: string; fields: string[] }[] = [
  { title: 'Basics', edit: 'Basics', fields: ['email', 'phone', 'date_of_birth', 'gender', 'native_language'] },
  { title: 'Location', edit: 'Location', fields: ['home_country', 'home_state', 'home_city'] },
  {
    title: 'Appearance and Health',
    edit: 'Appearance & Health',
    fields: ['height', 'weight', 'face_self_rating', 'tattoos', 'piercings', 'cosmetic_surgeries', 'exercise_frequency'],
  },
  {
    title: 'Family and Childhood',
    edit: 'Family & Childhood',
    fields: ['parent_presence', 'parents_imprisoned', 'parents_employment', 'siblings_number'],
  },
  {
    title: 'Marital Status and Children',
    edit: 'Marital Status & Children',
    fields: [
      'relationship_status',
      'relationship_history',
      'body_count',
      'memories_from_exes',
      'kids_at_home',
      'kids_parents_number',
      'divorces_number',
    ],
  },
  {
    title: 'Finances',
    edit: 'Finances',
    fields: [
      'livelihood',
      'annual_income',
      'debts_total',
      'place_to_live',
      'daily_transportation',
      'brand_of_daily_car',
      'yacht_owner',
      'private_airplane',
    ],
  },
  {
    title: 'Lifestyle and Relationship',
    edit: 'Lifestyle',
    fields: [
      'education',
      'latest_major',
      'religion',
      'religiosity',
      'social_media_use',
      'cooking_frequency',
      'recipes_known',
      'cookbook',
      'home_chores_frequency',
      'pets_at_home',
      'current_personal_travel',
      'current_international_travel',
      'clothes_style',
      'reason_to_marry',
      'number_of_kids_wanted',
      'minimum_betrothal_gift_price',
      'money_control',
      'monthly_cash_want',
      'monthly_cash_provide',
      'desired_ceremony',
      'desire_to_work_in_relationship',
      'clothes_control',
      'opposite_sex_friends',
    ],
  },
];

interface OwnProfileProps {
  profile: Profile;
  onSignOut: () => void;
  onDelete: () => Promise<boolean>;
}

/** The member's own summary (part 1 section 2, Own profile). */
export function OwnProfile({ profile, onSignOut, onDelete }: OwnProfileProps) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const credits = typeof profile.chats === 'number' ? profile.chats : 0;
  const photos = [1, 2, 3, 4, 5].map((i) => profile[`photo${i}_url`]);

  return (
    <article className="page" aria-labelledby="own-name">
      <h1 id="own-name">{profile.username || 'User'}</h1>

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
