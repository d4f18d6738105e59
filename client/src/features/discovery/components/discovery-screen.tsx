import { type ReactNode, useCallback, useState } from 'react';
import { countActiveFilters } from '@contract/filters-active.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { Profile } from '@/types/api.ts';
import { discoverySubtitle, isProfileComplete } from '../hooks/discovery-state.ts';
import { useCountdown, useDiscovery } from '../hooks/use-discovery.ts';
import { useFilterSaving } from '../hooks/use-filter-saving.ts';
import { DiscoveryHead, type View, ViewToggle } from './discovery-head.tsx';
import { CompleteProfileState, NoMoreState, NoProfilesState, ReloadingState } from './discovery-states.tsx';
import { FilterDialog } from './lazy-filter-dialog.tsx';
import { ProfileList } from './profile-list.tsx';
import { SwipeCard } from './swipe-card.tsx';
import './discovery.css';

interface DiscoveryScreenProps {
  me: Profile | undefined;
  meLoading: boolean;
  likeBusy: boolean;
  /** Like (true) or pass (false); resolves true on success. */
  onDecide: (profile: Profile, liked: boolean, context: 'card' | 'list') => Promise<boolean>;
  /** Opens the Report dialog (the reports feature); resolves true once the report is filed. */
  onReport?: (profile: Profile) => Promise<boolean>;
}

const hasCoordinates = (me: Profile | undefined) =>
  me?.location_latitude !== null &&
  me?.location_latitude !== undefined &&
  me?.location_longitude !== null &&
  me?.location_longitude !== undefined;

/** Reading the profiles again by hand or at the countdown's end, with the flag the reloading screen shows. */
function useReload(reload: () => Promise<void>) {
  const [reloading, setReloading] = useState(false);
  const doReload = useCallback(async () => {
    setReloading(true);
    await reload();
    setReloading(false);
  }, [reload]);
  return { reloading, doReload };
}

/** /home: card and list views, filters, empty and reload states. */
export function DiscoveryScreen({ me, meLoading, likeBusy, onDecide, onReport }: DiscoveryScreenProps) {
  const discovery = useDiscovery(me);
  const [view, setView] = useState<View>('cards');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { reloading, doReload } = useReload(discovery.reload);
  const filterSaving = useFilterSaving({ saved: discovery.filters, reload: doReload, onApplied: () => setFiltersOpen(false) });

  const countdownActive = discovery.exhausted && !reloading && !discovery.isLoading;
  const secondsLeft = useCountdown(countdownActive, doReload);

  const activeFilters = countActiveFilters(discovery.filters ?? {});
  const hasProfiles = discovery.profiles.length > 0;

  const decideCard = (profile: Profile, liked: boolean) => {
    // In card view the profile leaves at once; the call follows.
    discovery.remove(profile.id);
    void onDecide(profile, liked, 'card');
  };

  const decideList = async (profile: Profile, liked: boolean) => {
    if (await onDecide(profile, liked, 'list')) discovery.remove(profile.id);
  };

  // A reported member leaves the deck or the list once the report is filed, as after a block.
  const report = onReport
    ? async (profile: Profile) => {
        if (await onReport(profile)) discovery.remove(profile.id);
      }
    : undefined;

  let body: ReactNode;
  const waitingForFilters = meLoading || Boolean(me && discovery.filtersLoading);
  const waitingForFirstPage = discovery.isLoading && !hasProfiles;
  if (waitingForFilters) body = <Spinner label="Loading profiles..." />;
  else if (!me?.gender) body = <CompleteProfileState reason="gender" />;
  else if (!isProfileComplete(me)) body = <CompleteProfileState reason="fields" />;
  else if (reloading || (discovery.exhausted && secondsLeft <= 0)) body = <ReloadingState />;
  else if (discovery.exhausted) body = <NoMoreState secondsLeft={secondsLeft} />;
  else if (waitingForFirstPage) body = <Spinner label="Loading profiles..." />;
  else if (!hasProfiles) {
    body = (
      <NoProfilesState
        gender={me.gender}
        error={discovery.error}
        activeFilters={activeFilters}
        onAdjustFilters={() => setFiltersOpen(true)}
        onRefresh={() => void doReload()}
      />
    );
  } else if (view === 'cards' && discovery.current) {
    const current = discovery.current;
    body = (
      <SwipeCard
        profile={current}
        busy={likeBusy}
        onDecide={(liked) => decideCard(current, liked)}
        onReport={report ? () => void report(current) : undefined}
      />
    );
  } else {
    body = (
      <ProfileList
        profiles={discovery.profiles}
        busy={likeBusy}
        onDecide={decideList}
        onReport={report ? (profile) => void report(profile) : undefined}
      />
    );
  }

  return (
    <section className="page discovery" aria-labelledby="discover-title">
      <DiscoveryHead
        subtitle={discoverySubtitle(view, hasProfiles || waitingForFilters || waitingForFirstPage, me?.gender)}
        activeFilters={activeFilters}
        onOpenFilters={() => setFiltersOpen(true)}
      />
      {hasProfiles ? <ViewToggle view={view} onChange={setView} /> : null}
      {body}
      <FilterDialog
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        saved={discovery.filters}
        hasLocation={hasCoordinates(me)}
        busy={filterSaving.saving}
        onApply={filterSaving.apply}
        onClear={filterSaving.clear}
      />
    </section>
  );
}
