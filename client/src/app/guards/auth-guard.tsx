import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';

/** Spinner while auth loads; the nested screen when signed in; otherwise /signin, replacing history. */
export function AuthGuard() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.signin} replace />;
  return <Outlet />;
}
