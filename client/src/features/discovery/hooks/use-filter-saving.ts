import { useState } from 'react';
import { mutate as mutateKey } from 'swr';
import { type SavedFilters, withDefaults } from '@contract/filters.ts';
import { apiPaths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { sameProfilesQuery } from '../api/get-profiles.ts';
import { saveFilters } from '../api/save-filters.ts';

interface Options {
  /** The saved filters the profiles were read with. */
  saved: Partial<SavedFilters> | undefined;
  /** Reads the profiles again. */
  reload: () => Promise<void>;
  /** Applied: close the dialog. */
  onApplied: () => void;
}

/** Saving the Filters dialog's choices: Apply (which always refreshes the profiles) and Clear All. */
export function useFilterSaving({ saved, reload, onApplied }: Options) {
  const [saving, setSaving] = useState(false);

  const persist = async (filters: SavedFilters, successMessage?: string) => {
    setSaving(true);
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
      setSaving(false);
    }
  };

  const apply = async (filters: SavedFilters) => {
    const unchanged = saved !== undefined && sameProfilesQuery(filters, saved);
    if (!(await persist(filters, 'Filters applied successfully'))) return;
    onApplied();
    // New filters give a new URL, which SWR fetches; the same URL it would not, and Apply
    // always refreshes the profiles.
    if (unchanged) void reload();
  };

  const clear = () => void persist(withDefaults(null));

  return { saving, apply, clear };
}
