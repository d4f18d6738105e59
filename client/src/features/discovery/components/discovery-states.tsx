import { Link } from 'react-router-dom';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { soughtGender } from '../hooks/discovery-state.ts';

/** No gender yet, or required fields missing: discovery waits for the profile. */
export function CompleteProfileState({ reason }: { reason: 'gender' | 'fields' }) {
  return (
    <div className="empty-state card">
      <h2>Complete Your Profile</h2>
      <p>
        {reason === 'gender'
          ? 'Set your gender in your profile to start discovering matches.'
          : 'Please complete your profile to continue. Finish the required fields to start discovering matches.'}
      </p>
      <Link to={paths.profileEdit} className="btn btn-primary">
        Edit Profile
      </Link>
    </div>
  );
}

export function ReloadingState() {
  return (
    <div className="empty-state card" role="status">
      <Spinner label="Reloading Profiles..." />
      <h2>Reloading Profiles...</h2>
      <p>Fetching all profiles again for you</p>
    </div>
  );
}

/** Every profile seen: the countdown to reading them all again. */
export function NoMoreState({ secondsLeft }: { secondsLeft: number }) {
  return (
    <div className="empty-state card" role="status">
      <h2>No More Profiles</h2>
      <p>
        Reloading all profiles in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}...
      </p>
      <p className="muted-note">All profiles, including the ones you swiped, will appear again.</p>
    </div>
  );
}

interface NoProfilesProps {
  gender: string;
  error: Error | undefined;
  activeFilters: number;
  onAdjustFilters: () => void;
  onRefresh: () => void;
}

/** The server has no profile for these filters. */
export function NoProfilesState({ gender, error, activeFilters, onAdjustFilters, onRefresh }: NoProfilesProps) {
  return (
    <div className="empty-state card">
      <h2>No Profiles Found</h2>
      <p>No more profiles available</p>
      <p className="muted-note">
        Your gender: {gender} · Looking for: {soughtGender(gender)}
      </p>
      {error ? <p className="error-note">{error.message}</p> : null}
      {activeFilters > 0 ? <p className="muted-note">Your filters may be hiding profiles. Try widening them.</p> : null}
      <div className="stack-row">
        {activeFilters > 0 ? (
          <button type="button" className="btn btn-secondary" onClick={onAdjustFilters}>
            Adjust Filters
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={onRefresh}>
          <RefreshIcon /> Refresh
        </button>
      </div>
    </div>
  );
}
