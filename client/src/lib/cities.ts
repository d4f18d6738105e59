/**
 * City suggestions (GET /api/v1/cities/) for the profile form and the filter dialog: the place
 * names the server accepts for the chosen country and state, read while the member types.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiPaths } from '../config/paths.ts';
import { api } from './api-client.ts';

export interface CitySearch {
  country: string | null | undefined;
  state?: string | null;
  query: string;
}

/** Waits this long after the last key before asking, so a word typed fast is one request. */
export const CITY_TYPING_PAUSE_MS = 200;

/** The URL of one search (the SWR key), or null when there is nothing to ask yet. */
export function citiesKey({ country, state, query }: CitySearch): string | null {
  const q = query.trim();
  if (!country || q === '') return null;
  const params = new URLSearchParams({ country, q });
  if (state) params.set('state', state);
  return `${apiPaths.cities}?${params.toString()}`;
}

// A failed suggestion read is not worth a toast: the field still takes typed text.
const getCities = (key: string) => api.get<{ cities: string[] }>(key, { toastErrors: false });

/** Suggestions for what the member typed, asked once typing pauses. */
export function useCitySuggestions(search: CitySearch) {
  const key = citiesKey(search);
  const [settledKey, setSettledKey] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettledKey(key), CITY_TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const result = useSWR(settledKey, getCities, { revalidateOnFocus: false, keepPreviousData: true });
  return {
    cities: key ? (result.data?.cities ?? []) : [],
    loading: key !== null && (key !== settledKey || result.isLoading),
    failed: Boolean(result.error),
  };
}
