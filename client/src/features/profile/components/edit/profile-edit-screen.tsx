import { Fragment, type ReactNode, startTransition, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { SECTIONS } from '@contract/profile-fields.ts';
import { MenuButton } from '@/components/layouts/menu-button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { validatorResolver } from '@/lib/form-resolver.ts';
import type { Completeness, Profile } from '@/types/api.ts';
import { formToPatch, type ProfileFormValues, profileToForm, validateProfileForm } from '@/features/profile/hooks/profile-form.ts';
import { type FieldGroup, CatalogueSection } from './catalogue-section.tsx';
import { CompletenessBanner } from './completeness-banner.tsx';
import { LocationFields } from './location-fields.tsx';
import { MeasurementFields } from './measurement-fields.tsx';
import './edit.css';

export type SaveResult = { ok: true; profile: Profile } | { ok: false; fieldErrors?: Record<string, string[]> };

interface ProfileEditScreenProps {
  profile: Profile;
  completeness?: Completeness;
  onSave: (patch: Record<string, unknown>) => Promise<SaveResult>;
  /** Resolves true when the account is gone (the route navigates away). */
  onAbandon: () => Promise<boolean>;
  onCancel: () => void;
  onSignOut: () => void;
  /** The Photos section (the photos feature, composed by the route); photos are stored as they are added. */
  photos: ReactNode;
  /** A photo was added or removed on this visit: Save Changes is enabled as for a form change. */
  photosChanged?: boolean;
}

const GROUPS: readonly FieldGroup[] = [
  { key: 'location', fields: ['home_country', 'home_state', 'home_city'], render: () => <LocationFields /> },
  { key: 'measurements', fields: ['height', 'weight', 'weight_lb'], render: () => <MeasurementFields /> },
];

/**
 * Sections drawn with the screen's first render (Photos and Basics fill a phone's screen); the
 * others follow at once in a transition, which React renders in slices between the browser's own
 * work. Drawn in one go, the whole form (about 900 elements, some 200 countries among them) held
 * the main thread for one long task before the first paint of the photos.
 */
const FIRST_SECTIONS = 2;

/** The spec names no words for leaving a changed form; these are the app's (docs/decisions.md). */
const DISCARD = {
  title: 'Discard changes?',
  text: 'You have unsaved changes. If you leave now, they will be lost.',
  keep: 'Keep Editing',
  confirm: 'Discard Changes',
} as const;

/** /profile/edit: the catalogue-driven profile form. */
export function ProfileEditScreen({
  profile,
  completeness,
  onSave,
  onAbandon,
  onCancel,
  onSignOut,
  photos,
  photosChanged,
}: ProfileEditScreenProps) {
  const form = useForm<ProfileFormValues>({
    defaultValues: profileToForm(profile),
    resolver: validatorResolver((values: ProfileFormValues) => validateProfileForm(values, new Date())),
  });
  const { isDirty, isSubmitting } = form.formState;
  const [abandonOpen, setAbandonOpen] = useState(false);
  const [abandoning, setAbandoning] = useState(false);
  const [discardOpen, setDiscardOpen] = useState(false);
  const incomplete = completeness ? !completeness.is_complete : false;
  const { hash } = useLocation();
  const [allSections, setAllSections] = useState(false);
  useEffect(() => startTransition(() => setAllSections(true)), []);
  const sections = allSections ? SECTIONS : SECTIONS.slice(0, FIRST_SECTIONS);

  // '/profile/edit#section-location' (the own profile's Edit links) opens at that section, once drawn.
  useEffect(() => {
    if (hash)
      document
        .getElementById(decodeURIComponent(hash.slice(1)))
        ?.closest('section')
        ?.scrollIntoView();
  }, [hash, allSections]);

  const submit = form.handleSubmit(async (values) => {
    const result = await onSave(formToPatch(values));
    if (result.ok) {
      form.reset(profileToForm(result.profile));
      return;
    }
    for (const [name, messages] of Object.entries(result.fieldErrors ?? {})) {
      if (name in values) form.setError(name, { type: 'server', message: messages.join(', ') });
    }
  });

  // A filled form is not thrown away on one tap: Cancel asks first when anything changed.
  const cancel = () => (isDirty ? setDiscardOpen(true) : onCancel());

  const abandon = async () => {
    setAbandoning(true);
    const gone = await onAbandon();
    if (!gone) {
      setAbandoning(false);
      setAbandonOpen(false);
    }
  };

  return (
    <div className="edit-page">
      <header className="edit-topbar">
        <MenuButton
          username={profile.username}
          credits={typeof profile.chats === 'number' ? profile.chats : 0}
          limited={incomplete}
          onSignOut={onSignOut}
        />
        <span className="edit-brand">Betroth</span>
        <button type="button" className="btn btn-ghost btn-small" onClick={onSignOut}>
          Sign Out
        </button>
      </header>
      <main className="page edit-main">
        <h1>{incomplete ? 'Complete Your Profile' : 'Edit Profile'}</h1>
        {incomplete && completeness ? <CompletenessBanner completeness={completeness} /> : null}
        <FormProvider {...form}>
          <form id="profile-edit-form" noValidate onSubmit={submit}>
            {sections.map((section) =>
              section === 'Photos' ? (
                <Fragment key={section}>{photos}</Fragment>
              ) : (
                <CatalogueSection key={section} section={section} groups={GROUPS} />
              ),
            )}
          </form>
        </FormProvider>
        {incomplete ? (
          <div className="abandon-zone">
            <p>Changed your mind? This deletes your account and everything you have entered.</p>
            <button type="button" className="btn btn-secondary btn-danger-outline" onClick={() => setAbandonOpen(true)}>
              Abandon Application
            </button>
          </div>
        ) : null}
      </main>
      <div className="fixed-action-bar edit-actions">
        <button type="button" className="btn btn-secondary" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" form="profile-edit-form" className="btn btn-primary" disabled={!(isDirty || photosChanged) || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
      <ConfirmDialog
        open={abandonOpen}
        onOpenChange={(open) => !abandoning && setAbandonOpen(open)}
        title="Abandon Application?"
        description="This will permanently delete your account and all information you've entered. This action cannot be undone."
        confirmLabel="Yes, Delete Everything"
        onConfirm={abandon}
        busy={abandoning}
        destructive
      />
      <ConfirmDialog
        open={discardOpen}
        onOpenChange={setDiscardOpen}
        title={DISCARD.title}
        description={DISCARD.text}
        cancelLabel={DISCARD.keep}
        confirmLabel={DISCARD.confirm}
        onConfirm={() => {
          setDiscardOpen(false);
          onCancel();
        }}
        destructive
      />
    </div>
  );
}
