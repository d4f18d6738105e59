import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { toast } from '@/lib/toast.ts';
import { useCompleteness } from '@/features/profile/api/get-completeness.ts';
import { COMPLETE_PROFILE_MESSAGE, isAllowedWhileIncomplete } from './access.ts';

/** An incomplete profile may reach only /profile/edit, /home, /credits and the moderators' area (access.ts). */
export function CompletenessGuard() {
  const { data, isLoading } = useCompleteness();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const redirecting = Boolean(data && !data.is_complete && !isAllowedWhileIncomplete(pathname));
  const toasted = useRef<string | null>(null);

  useEffect(() => {
    if (!redirecting) return;
    if (toasted.current !== pathname) {
      toasted.current = pathname;
      toast.error(COMPLETE_PROFILE_MESSAGE);
    }
    navigate(paths.profileEdit, { replace: true });
  }, [redirecting, pathname, navigate]);

  if (isLoading && !data) return <FullPageSpinner />;
  if (redirecting) return null;
  // If the check itself fails (already toasted), the screens still render; the server enforces its own rules.
  return <Outlet />;
}
