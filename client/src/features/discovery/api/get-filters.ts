import useSWR from 'swr';
import type { SavedFilters } from '@contract/filters.ts';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import { savedFiltersFrom } from './profiles-key.ts';

/** On failure discovery goes on with no filters rather than an error, so this never throws. */
export async function getFilters(): Promise<Partial<SavedFilters>> {
  try {
    return savedFiltersFrom(await api.get<unknown>(apiPaths.filterProfiles, { toastErrors: false }));
  } catch (error) {
    console.error('Loading saved filters failed', error);
    return {};
  }
}

export function useFilters(enabled = true) {
  return useSWR<Partial<SavedFilters>>(enabled ? apiPaths.filterProfiles : null, getFilters);
}
