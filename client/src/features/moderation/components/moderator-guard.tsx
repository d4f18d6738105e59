import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useModeratorAccess } from '../api/probe-moderator.ts';
import './moderation.css';

/**
 * The moderators' area shows only to a moderator. Anyone else gets exactly what an unknown URL
 * gets (router.tsx: a quiet redirect to /home), so nothing on screen says the area exists. While
 * the answer is unknown a spinner with no words about moderation; a failed check offers a retry in
 * words that would fit any page.
 */
export function ModeratorGuard() {
  const { data, error, mutate } = useModeratorAccess();
  if (data === 'moderator') return <Outlet />;
  if (data === 'not-moderator') return <Navigate to={paths.home} replace />;
  if (error) {
    return (
      <section className="page empty-state" aria-labelledby="area-failed-title">
        <h1 id="area-failed-title">This page could not be loaded</h1>
        <p role="alert">Please check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
          Try again
        </button>
      </section>
    );
  }
  return <Spinner />;
}
