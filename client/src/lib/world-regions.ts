/**
 * The region list (/world_country_region.json) the edit form and the filter dialog both choose
 * from: one fetcher and one SWR key, so both share a single cached copy.
 */
import useSWR from 'swr';
import type { Region } from '../config/locations.ts';
import { REGIONS_URL } from '../config/paths.ts';

/** The list lives outside /api/v1 and needs no token, so it is a plain GET. */
export async function getRegions(): Promise<Region[]> {
  const response = await fetch(REGIONS_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Region list failed with ${response.status}`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as Region[]) : [];
}

/** Loaded once per session (the server lets it be cached for a week). */
export function useRegions() {
  return useSWR<Region[]>(REGIONS_URL, getRegions, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: Number.POSITIVE_INFINITY,
  });
}
