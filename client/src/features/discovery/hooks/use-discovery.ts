import { useCallback, useEffect, useState } from 'react';
import type { Profile } from '../../../types/api.ts';
import { useFilters } from '../api/get-filters.ts';
import { useProfiles } from '../api/get-profiles.ts';
import type { Page } from '../../../lib/pagination.ts';
import { type DiscoveryList, emptyDiscovery, isProfileComplete, loadProfiles, removeProfile } from './discovery-state.ts';

export const RELOAD_COUNTDOWN_S = 5;

/** Discovery list, loaded once the own profile is known, without the own profile. */
export function useDiscovery(me: Profile | undefined) {
  const filters = useFilters(Boolean(me));
  // The server answers 403 to an incomplete profile: the screen asks to finish it instead.
  const enabled = Boolean(me?.gender) && isProfileComplete(me) && filters.data !== undefined;
  const query = useProfiles(filters.data, enabled);
  const [list, setList] = useState<DiscoveryList<Profile>>(emptyDiscovery);
  const [serverHadProfiles, setServerHadProfiles] = useState(false);

  const apply = useCallback(
    (page: Page<Profile> | undefined) => {
      const next = loadProfiles(page?.results ?? [], me?.id);
      setList(next);
      setServerHadProfiles(next.profiles.length > 0);
    },
    [me?.id],
  );

  // Only a settled answer replaces the list: while a cached page is being fetched again, the
  // cached one may still hold blocked or reordered members.
  useEffect(() => {
    if (query.data && !query.isValidating) apply(query.data);
  }, [query.data, query.isValidating, apply]);

  useEffect(() => {
    if (query.error) apply(undefined);
  }, [query.error, apply]);

  const { mutate } = query;
  const reload = useCallback(async () => {
    try {
      apply(await mutate());
    } catch {
      apply(undefined);
    }
  }, [mutate, apply]);

  const remove = useCallback((id: unknown) => setList((state) => removeProfile(state, id)), []);

  return {
    profiles: list.profiles,
    index: list.index,
    current: list.profiles[list.index] as Profile | undefined,
    filters: filters.data,
    filtersLoading: filters.isLoading,
    isLoading: enabled ? query.isLoading || query.isValidating : filters.isLoading,
    error: query.error as Error | undefined,
    /** The last response held profiles: an empty list now means the member went through them all. */
    exhausted: serverHadProfiles && list.profiles.length === 0,
    remove,
    reload,
  };
}

/** 5-second countdown that calls onDone at 0 (the 'No More Profiles' screen). */
export function useCountdown(active: boolean, onDone: () => void, seconds = RELOAD_COUNTDOWN_S) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!active) {
      setLeft(seconds);
      return;
    }
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [active, left, onDone, seconds]);
  return left;
}
