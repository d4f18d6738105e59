import { Outlet, useMatch, useNavigate } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';
import { toast } from '@/lib/toast.ts';
import { signout } from '@/features/auth/api/signout.ts';
import { MatchMomentHost } from '@/features/match-moment/components/match-moment-host.tsx';
import { useCompleteness } from '@/features/profile/api/get-completeness.ts';
import { useMyProfile } from '@/features/profile/api/get-my-profile.ts';

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

/**
 * Loads the own profile on entry and wraps the screens in the main layout; the match moment
 * ("It's a match") shows over whichever screen is open, with my own photo beside the peer's.
 */
export function AppShell() {
  const { data: profile } = useMyProfile();
  const { data: completeness } = useCompleteness();
  const signOut = useSignOut();
  const credits = typeof profile?.chats === 'number' ? profile.chats : undefined;
  // The chat screen has its own header with the way back; on a phone it is the only one.
  const inChat = useMatch(paths.chatPattern) !== null;
  return (
    <MainLayout
      username={profile?.username}
      credits={credits}
      incomplete={completeness?.is_complete === false}
      ownHeaderOnPhone={inChat}
      onSignOut={signOut}
    >
      <Outlet />
      {/* Only a complete member can have matches; an incomplete one asking would be refused. */}
      {completeness?.is_complete === true && <MatchMomentHost me={{ username: profile?.username, photoUrl: profile?.photo1_url }} />}
    </MainLayout>
  );
}
