import { useCallback, useEffect, useState } from 'react';
import { type FilterListKey, type SavedFilters, withDefaults } from '@contract/filters.ts';
import { UNITED_STATES } from '@contract/profile-fields.ts';

/** Sets one filter; undefined removes its key (how "any" is saved). */
export type SetFilter = <K extends keyof SavedFilters>(key: K, value: SavedFilters[K] | undefined) => void;

/**
 * The Filters dialog's unsaved choices: the saved filters over the defaults each time it opens,
 * one setter per kind of control, and the reset behind 'Clear All'.
 */
export function useFilterDraft(open: boolean, saved: Partial<SavedFilters> | undefined) {
  const [draft, setDraft] = useState<SavedFilters>(() => withDefaults(saved));

  // Opens with saved filters merged over defaults.
  useEffect(() => {
    if (open) setDraft(withDefaults(saved));
  }, [open, saved]);

  const set: SetFilter = useCallback(
    (key, value) =>
      setDraft((d) => {
        const next = { ...d } as Record<string, unknown>;
        if (value === undefined) delete next[key as string];
        else next[key as string] = value;
        return next as SavedFilters;
      }),
    [],
  );

  /** A chip of a list filter on or off; an emptied list is saved as no key at all. */
  const toggle = useCallback(
    (key: FilterListKey, value: string) =>
      setDraft((d) => {
        const current = d[key] ?? [];
        const nextList = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
        const next = { ...d, [key]: nextList } as SavedFilters;
        if (nextList.length === 0) delete next[key];
        return next;
      }),
    [],
  );

  const setCountry = useCallback(
    (country: string | undefined) =>
      setDraft((d) => {
        const next = { ...d } as SavedFilters;
        if (country) next.homeCountry = country;
        else delete next.homeCountry;
        // Changing the country away from United States clears the state.
        if (country !== UNITED_STATES) delete next.homeState;
        return next;
      }),
    [],
  );

  const reset = useCallback(() => setDraft(withDefaults(null)), []);

  return { draft, set, toggle, setCountry, reset };
}
