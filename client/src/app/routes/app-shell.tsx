import { Outlet, useNavigate } from 'react-router-dom';
import { MainLayout } from '../../components/layouts/main-layout.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.tsx';
import { toast } from '../../lib/toast.ts';
import { signout } from '../../features/auth/api/signout.ts';
import { useMyProfile } from '../../features/profile/api/get-my-profile.ts';

export function useSignOut() {
  const { clearAuth } = useAuth();
  const navigate = useNavigate();
  return () => {
    // The request captures the token synchronously, so clearing right after is safe.
    signout().catch((error: unknown) => console.error('Sign out failed', error));
    clearAuth();
    toast.success('Signed out successfully');
    navigate(paths.signin, { replace: true });
  };
}

/** Loads the own profile on entry and wraps the screens in the main layout. */
export function AppShell() {
  const { data: profile } = useMyProfile();
  const signOut = useSignOut();
  const credits = typeof profile?.chats === 'number' ? profile.chats : undefined;
  return (
    <MainLayout username={profile?.username} credits={credits} onSignOut={signOut}>
      <Outlet />
    </MainLayout>
  );
}
