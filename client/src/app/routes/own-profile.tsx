import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';
import { toast } from '@/lib/toast.ts';
import { useMyProfile } from '@/features/profile/api/get-my-profile.ts';
import { deleteProfile } from '@/features/profile/api/delete-profile.ts';
import { OwnProfile } from '@/features/profile/components/own-profile.tsx';
import { VerifyNow } from '@/features/photos/components/verify-now.tsx';
import { useSignOut } from './app-shell.tsx';

export function OwnProfileRoute() {
  const { data: profile, error, isLoading, mutate } = useMyProfile();
  const reload = useCallback(() => mutate(), [mutate]);
  const { clearAuth } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();

  if (isLoading) return <Spinner label="Loading your profile..." />;
  if (error || !profile) {
    return (
      <section className="page empty-state">
        <h1>Profile</h1>
        <p>We could not load your profile.</p>
        <button type="button" className="btn btn-primary" onClick={() => mutate()}>
          Try again
        </button>
      </section>
    );
  }

  return (
    <OwnProfile
      profile={profile}
      verification={<VerifyNow profile={profile} onChanged={reload} />}
      onSignOut={signOut}
      onDelete={async () => {
        try {
          await deleteProfile();
          toast.success('Profile deleted successfully');
          clearAuth();
          navigate(paths.signin, { replace: true });
          return true;
        } catch (err) {
          console.error('Delete failed', err);
          toast.error('Failed to delete profile. Please try again.');
          return false;
        }
      }}
    />
  );
}
