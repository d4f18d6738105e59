/**
 * The discovery page's URL, made from the saved filters alone. Kept apart from the fetchers so the
 * boot script (app/boot-reads.ts) can ask for the first page with the very URL the screen uses,
 * without the API client and its toasts.
 */
import { DISCOVERY_PAGE_SIZE, encodeFiltersQuery } from '@contract/filters-query.ts';
import type { SavedFilters } from '@contract/filters.ts';
import { apiPaths } from '@/config/paths.ts';

/** One page of the narrowing filters; equal filters give one URL, hence one SWR cache entry. */
export const profilesKey = (filters: Partial<SavedFilters>) =>
  `${apiPaths.profiles}?${encodeFiltersQuery(filters, { page_size: DISCOVERY_PAGE_SIZE })}`;

/** Whether two sets of filters ask the server the same question (so SWR would not fetch again). */
export const sameProfilesQuery = (a: Partial<SavedFilters>, b: Partial<SavedFilters>) => profilesKey(a) === profilesKey(b);

/** The saved filters as the server answered them; anything but an object means none saved. */
export const savedFiltersFrom = (data: unknown): Partial<SavedFilters> =>
  data && typeof data === 'object' ? (data as Partial<SavedFilters>) : {};
