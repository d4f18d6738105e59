import type { SavedFilters } from '@contract/filters.ts';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export const saveFilters = (filters: SavedFilters) => api.post<unknown>(apiPaths.filterProfiles, filters, { toastErrors: false });
