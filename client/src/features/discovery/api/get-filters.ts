import useSWR from 'swr';
import type { SavedFilters } from '../../../../../server/contract/filters.ts';
import { apiPaths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/** On failure discovery goes on with no filters rather than an error, so this never throws. */
export async function getFilters(): Promise<Partial<SavedFilters>> {
  try {
    const data = await api.get<Partial<SavedFilters> | null>(apiPaths.filterProfiles, { toastErrors: false });
    return data && typeof data === 'object' ? data : {};
  } catch (error) {
    console.error('Loading saved filters failed', error);
    return {};
  }
}

export function useFilters(enabled = true) {
  return useSWR<Partial<SavedFilters>>(enabled ? apiPaths.filterProfiles : null, getFilters);
}
