import { type ReactNode, useCallback, useState } from 'react';
import { mutate as mutateKey } from 'swr';
import { Link } from 'react-router-dom';
import { countActiveFilters } from '../../../../../server/contract/filters-active.ts';
import { type SavedFilters, withDefaults } from '../../../../../server/contract/filters.ts';
import { CardsIcon, FilterIcon, ListIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiPaths, paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { Profile } from '../../../types/api.ts';
import { sameProfilesQuery } from '../api/get-profiles.ts';
import { saveFilters } from '../api/save-filters.ts';
import { discoverySubtitle, isProfileComplete, soughtGender } from '../hooks/discovery-state.ts';
import { useCountdown, useDiscovery } from '../hooks/use-discovery.ts';
import { FilterDialog } from './lazy-filter-dialog.tsx';
import { ProfileList } from './profile-list.tsx';
import { SwipeCard } from './swipe-card.tsx';
import './discovery.css';

type View = 'cards' | 'list';

interface DiscoveryScreenProps {
  me: Profile | undefined;
  meLoading: boolean;
  likeBusy: boolean;
  /** Like (true) or pass (false); resolves true on success. */
  onDecide: (profile: Profile, liked: boolean, context: 'card' | 'list') => Promise<boolean>;
}

/** /home: card and list views, filters, empty and reload states. */
export function DiscoveryScreen({ me, meLoading, likeBusy, onDecide }: DiscoveryScreenProps) {
  const discovery = useDiscovery(me);
  const [view, setView] = useState<View>('cards');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [savingFilters, setSavingFilters] = useState(false);
  const [reloading, setReloading] = useState(false);

  const { reload } = discovery;
  const doReload = useCallback(async () => {
    setReloading(true);
    await reload();
    setReloading(false);
  }, [reload]);

  const countdownActive = discovery.exhausted && !reloading && !discovery.isLoading;
  const secondsLeft = useCountdown(countdownActive, doReload);

  const activeFilters = countActiveFilters(discovery.filters ?? {});
  const hasProfiles = discovery.profiles.length > 0;
  const hasLocation =
    me?.location_latitude !== null &&
    me?.location_latitude !== undefined &&
    me?.location_longitude !== null &&
    me?.location_longitude !== undefined;

  const persistFilters = async (filters: SavedFilters, successMessage?: string) => {
    setSavingFilters(true);
    try {
      await saveFilters(filters);
      // New filters give a new profiles URL, so the list refetches through its key.
      await mutateKey(apiPaths.filterProfiles, filters, { revalidate: false });
      if (successMessage) toast.success(successMessage);
      return true;
    } catch (error) {
      console.error('Saving filters failed', error);
      // A 401 was already handled by the api client (signed out, sent to /signin).
      if (!(error instanceof ApiError && error.status === 401)) toast.error('Failed to apply filters');
      return false;
    } finally {
      setSavingFilters(false);
    }
  };

  const decideCard = (profile: Profile, liked: boolean) => {
    // In card view the profile leaves at once; the call follows.
    discovery.remove(profile.id);
    void onDecide(profile, liked, 'card');
  };

  const decideList = async (profile: Profile, liked: boolean) => {
    if (await onDecide(profile, liked, 'list')) discovery.remove(profile.id);
  };

  let body: ReactNode;
  const waitingForFilters = meLoading || Boolean(me && discovery.filtersLoading);
  const waitingForFirstPage = discovery.isLoading && !hasProfiles;
  if (waitingForFilters) {
    body = <Spinner label="Loading profiles..." />;
  } else if (!me?.gender) {
    body = (
      <div className="empty-state card">
        <h2>Complete Your Profile</h2>
        <p>Set your gender in your profile to start discovering matches.</p>
        <Link to={paths.profileEdit} className="btn btn-primary">
          Edit Profile
        </Link>
      </div>
    );
  } else if (!isProfileComplete(me)) {
    body = (
      <div className="empty-state card">
        <h2>Complete Your Profile</h2>
        <p>Please complete your profile to continue. Finish the required fields to start discovering matches.</p>
        <Link to={paths.profileEdit} className="btn btn-primary">
          Edit Profile
        </Link>
      </div>
    );
  } else if (reloading || (discovery.exhausted && secondsLeft <= 0)) {
    body = (
      <div className="empty-state card" role="status">
        <Spinner label="Reloading Profiles..." />
        <h2>Reloading Profiles...</h2>
        <p>Fetching all profiles again for you</p>
      </div>
    );
  } else if (discovery.exhausted) {
    body = (
      <div className="empty-state card" role="status">
        <h2>No More Profiles</h2>
        <p>
          Reloading all profiles in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}...
        </p>
        <p className="muted-note">All profiles, including the ones you swiped, will appear again.</p>
      </div>
    );
  } else if (waitingForFirstPage) {
    body = <Spinner label="Loading profiles..." />;
  } else if (!hasProfiles) {
    body = (
      <div className="empty-state card">
        <h2>No Profiles Found</h2>
        <p>No more profiles available</p>
        <p className="muted-note">
          Your gender: {me.gender} · Looking for: {soughtGender(me.gender)}
        </p>
        {discovery.error ? <p className="error-note">{discovery.error.message}</p> : null}
        {activeFilters > 0 ? (
          <p className="muted-note">Your filters may be hiding profiles. Try widening them.</p>
        ) : null}
        <div className="stack-row">
          {activeFilters > 0 ? (
            <button type="button" className="btn btn-secondary" onClick={() => setFiltersOpen(true)}>
              Adjust Filters
            </button>
          ) : null}
          <button type="button" className="btn btn-primary" onClick={() => void doReload()}>
            <RefreshIcon /> Refresh
          </button>
        </div>
      </div>
    );
  } else if (view === 'cards' && discovery.current) {
    body = (
      <SwipeCard
        profile={discovery.current}
        busy={likeBusy}
        onDecide={(liked) => decideCard(discovery.current as Profile, liked)}
      />
    );
  } else {
    body = <ProfileList profiles={discovery.profiles} busy={likeBusy} onDecide={decideList} />;
  }

  return (
    <section className="page discovery" aria-labelledby="discover-title">
      <header className="discovery-head">
        <div>
          <h1 id="discover-title">Discover</h1>
          <p className="discovery-subtitle">{discoverySubtitle(view, hasProfiles || waitingForFilters || waitingForFirstPage, me?.gender)}</p>
        </div>
        <button
          type="button"
          className="btn btn-secondary filter-btn"
          onClick={() => setFiltersOpen(true)}
          aria-label={activeFilters ? `Filters, ${activeFilters} active` : 'Filters'}
        >
          <FilterIcon />
          <span>Filters</span>
          {activeFilters > 0 ? (
            <span className="badge" aria-hidden="true">
              {activeFilters}
            </span>
          ) : null}
        </button>
      </header>

      {hasProfiles ? (
        <fieldset className="view-toggle">
          <legend className="visually-hidden">View</legend>
          <button type="button" aria-pressed={view === 'cards'} onClick={() => setView('cards')}>
            <CardsIcon /> Cards
          </button>
          <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            <ListIcon /> List
          </button>
        </fieldset>
      ) : null}

      {body}

      <FilterDialog
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        saved={discovery.filters}
        hasLocation={hasLocation}
        busy={savingFilters}
        onApply={async (filters) => {
          const unchanged = discovery.filters !== undefined && sameProfilesQuery(filters, discovery.filters);
          if (!(await persistFilters(filters, 'Filters applied successfully'))) return;
          setFiltersOpen(false);
          // New filters give a new URL, which SWR fetches; the same URL it would not, and Apply
          // always refreshes the profiles.
          if (unchanged) void doReload();
        }}
        onClear={() => void persistFilters(withDefaults(null))}
      />
    </section>
  );
}
