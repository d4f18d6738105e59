import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { computeCompleteness } from '@contract/profile-validation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { apiPaths, paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { useAuth } from '@/lib/auth.tsx';
import { refreshAfter } from '@/lib/cache.ts';
import { toast } from '@/lib/toast.ts';
import { deleteProfile } from '@/features/profile/api/delete-profile.ts';
import { getCompleteness, useCompleteness } from '@/features/profile/api/get-completeness.ts';
import { useMyProfile } from '@/features/profile/api/get-my-profile.ts';
import { PhotosSection } from '@/features/photos/components/photos-section.tsx';
import { updateProfile } from '@/features/profile/api/update-profile.ts';
import { type SaveResult, ProfileEditScreen } from '@/features/profile/components/edit/profile-edit-screen.tsx';
import { DELETE_FAILED, DELETE_SUCCEEDED, errorsMap, saveErrorMessages, savedMessage } from '@/features/profile/hooks/save-messages.ts';
import type { Completeness } from '@/types/api.ts';
import { useSignOut } from './app-shell.tsx';

type SaveOutcome = SaveResult & { completeness?: Completeness };

async function saveProfile(patch: Record<string, unknown>): Promise<SaveOutcome> {
  try {
    const saved = await updateProfile(patch);
    await mutate(apiPaths.myProfile, saved, { revalidate: false });
    // The server's answer decides the toast; if it cannot be read, the shared rule computes it.
    const completeness: Completeness = await getCompleteness().catch(() => computeCompleteness(saved));
    await mutate(apiPaths.completeness, completeness, { revalidate: false });
    void refreshAfter('profile');
    toast.success(savedMessage(completeness));
    return { ok: true, profile: saved, completeness };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    // A 401 was already handled by the api client (signed out, sent to /signin).
    if (apiError?.status === 401) return { ok: false };
    for (const message of saveErrorMessages(apiError?.body)) toast.error(message);
    return { ok: false, fieldErrors: errorsMap(apiError?.body) ?? undefined };
  }
}

/** /profile/edit, outside the main layout. */
export function ProfileEditRoute() {
  const { data: profile, error, isLoading, mutate: reload } = useMyProfile();
  const { data: completeness } = useCompleteness();
  const { clearAuth } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [photosChanged, setPhotosChanged] = useState(false);
  // Whether this visit began incomplete: the photo that completes the profile is stored before Save.
  const arrivedIncomplete = useRef<boolean | null>(null);
  if (completeness && arrivedIncomplete.current === null) arrivedIncomplete.current = !completeness.is_complete;
  // Photos are stored as they are added or removed; the profile and its completeness reload.
  const reloadAfterPhotos = useCallback(async () => {
    setPhotosChanged(true);
    await Promise.all([mutate(apiPaths.myProfile), mutate(apiPaths.completeness)]);
    void refreshAfter('profile');
  }, []);

  if (isLoading) return <Spinner label="Loading your profile..." />;
  if (error || !profile) {
    return (
      <section className="page empty-state">
        <h1>Edit Profile</h1>
        <p>We could not load your profile.</p>
        <div className="stack-row">
          <button type="button" className="btn btn-primary" onClick={() => reload()}>
            Try again
          </button>
          <button type="button" className="btn btn-secondary" onClick={signOut}>
            Sign Out
          </button>
        </div>
      </section>
    );
  }

  return (
    <ProfileEditScreen
      key={String(profile.id)}
      profile={profile}
      completeness={completeness}
      onSave={async (patch) => {
        const wasComplete = arrivedIncomplete.current === null ? (completeness?.is_complete ?? false) : !arrivedIncomplete.current;
        const result = await saveProfile(patch);
        if (result.ok) setPhotosChanged(false);
        // The save that completes the profile opens the app: the member goes on to discovery.
        if (result.ok && !wasComplete && result.completeness?.is_complete) navigate(paths.home);
        return result;
      }}
      photos={<PhotosSection profile={profile} onPhotosChanged={reloadAfterPhotos} />}
      photosChanged={photosChanged}
      // The own profile is not open to an incomplete profile (it would send the member straight
      // back here): Cancel leaves for /home instead.
      onCancel={() => navigate(completeness?.is_complete === false ? paths.home : paths.profile)}
      onSignOut={signOut}
      onAbandon={async () => {
        try {
          await deleteProfile();
        } catch (err) {
          console.error('Account deletion failed', err);
          toast.error(DELETE_FAILED);
          return false;
        }
        toast.success(DELETE_SUCCEEDED);
        clearAuth();
        navigate(paths.signin, { replace: true });
        return true;
      }}
    />
  );
}

export default ProfileEditRoute;
