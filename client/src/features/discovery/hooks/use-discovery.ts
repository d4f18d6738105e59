import { useCallback, useEffect, useRef, useState } from 'react';
import type { Profile } from '@/types/api.ts';
import { useFilters } from '../api/get-filters.ts';
import { getProfiles, profilesKey, useProfiles } from '../api/get-profiles.ts';
import type { Page } from '@/lib/pagination.ts';
import {
  appendProfiles,
  type DiscoveryList,
  emptyDiscovery,
  isProfileComplete,
  loadProfiles,
  mayReadOn,
  PREFETCH_WHEN_LEFT,
  removeProfile,
  unseenProfiles,
} from './discovery-state.ts';

export const RELOAD_COUNTDOWN_S = 5;

/** Discovery list, loaded once the own profile is known, without the own profile. */
export function useDiscovery(me: Profile | undefined) {
  const filters = useFilters(Boolean(me));
  // The server answers 403 to an incomplete profile: the screen asks to finish it instead.
  const enabled = Boolean(me?.gender) && isProfileComplete(me) && filters.data !== undefined;
  const query = useProfiles(filters.data, enabled);
  const [list, setList] = useState<DiscoveryList<Profile>>(emptyDiscovery);
  const [serverHadProfiles, setServerHadProfiles] = useState(false);
  /**
   * Reading further than the first page: 'unread' (the first page is not in yet: nothing to read
   * on from), 'idle' (may read more), 'loading', 'done' (the server has no profile this deck has
   * not had) or 'failed' (the countdown's reload starts over).
   */
  const [more, setMore] = useState<'unread' | 'idle' | 'loading' | 'done' | 'failed'>('unread');
  /** Every profile id this deck has held since it was (re)loaded. */
  const seen = useRef(new Set<string>());
  /** Bumped on every (re)load, so a read started for an older deck is dropped. */
  const generation = useRef(0);

  const apply = useCallback(
    (page: Page<Profile> | undefined) => {
      const next = loadProfiles(page?.results ?? [], me?.id);
      generation.current += 1;
      seen.current = new Set(next.profiles.map((p) => String(p.id)));
      setList(next);
      setServerHadProfiles(next.profiles.length > 0);
      setMore(mayReadOn(page, next.profiles.length) ? 'idle' : 'done');
    },
    [me?.id],
  );

  // Before the deck runs out, read on from page 1 (see unseenProfiles) until a page brings
  // someone new or the pages end.
  const left = list.profiles.length;
  const ownId = me?.id;
  useEffect(() => {
    if (!enabled || !filters.data || more !== 'idle' || left > PREFETCH_WHEN_LEFT) return;
    const started = generation.current;
    setMore('loading');
    void (async () => {
      try {
        let url: string | null = profilesKey(filters.data as NonNullable<typeof filters.data>);
        while (url) {
          const page: Page<Profile> = await getProfiles(url);
          if (generation.current !== started) return;
          const fresh = unseenProfiles(page.results, ownId, seen.current);
          if (fresh.length > 0) {
            for (const p of fresh) seen.current.add(String(p.id));
            setList((state) => appendProfiles(state, fresh));
            setMore('idle');
            return;
          }
          url = page.next;
        }
        setMore('done');
      } catch {
        if (generation.current === started) setMore('failed');
      }
    })();
  }, [enabled, filters.data, more, left, ownId]);

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
    isLoading: enabled ? query.isLoading || query.isValidating || (more === 'loading' && left === 0) : filters.isLoading,
    error: query.error as Error | undefined,
    /**
     * The first page held profiles and the member went through every one the server has: only
     * then the 'No More Profiles' countdown (a read still under way shows the spinner instead).
     */
    exhausted: serverHadProfiles && left === 0 && (more === 'done' || more === 'failed'),
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
