/**
 * /account/standing: the standing screen with the account's own actions wired in. It sits outside
 * the signed-in layout (app/router.tsx), so it reads nothing a restricted member is refused and
 * opens no realtime socket.
 */
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';
import { toast } from '@/lib/toast.ts';
import { deleteAccountCall, signOutCall } from '@/features/standing/api/account-calls.ts';
import { StandingScreen } from '@/features/standing/components/standing-screen.tsx';

export function AccountStandingRoute() {
  const { clearAuth } = useAuth();
  const navigate = useNavigate();

  // As the app shell's sign-out (app-shell.tsx), not imported from there: that module would
  // bring the whole shell into this screen's chunk.
  const signOut = () => {
    signOutCall().catch((error: unknown) => console.error('Sign out failed', error));
    clearAuth();
    toast.success('Signed out successfully');
    navigate(paths.signin, { replace: true });
  };

  const onDelete = async () => {
    try {
      await deleteAccountCall();
      toast.success('Profile deleted successfully');
      clearAuth();
      navigate(paths.signin, { replace: true });
      return true;
    } catch (error) {
      console.error('Delete failed', error);
      toast.error('Failed to delete profile. Please try again.');
      return false;
    }
  };

  return <StandingScreen onSignOut={signOut} onDelete={onDelete} />;
}
