import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { Completeness } from '@/types/api.ts';

export const COMPLETENESS_FRESH_MS = 30_000;

export const getCompleteness = () => api.get<Completeness>(apiPaths.completeness);

/** Fresh for 30 s and refetched on window focus. */
export function useCompleteness(enabled = true) {
  return useSWR<Completeness>(enabled ? apiPaths.completeness : null, getCompleteness, {
    dedupingInterval: COMPLETENESS_FRESH_MS,
    focusThrottleInterval: COMPLETENESS_FRESH_MS,
    revalidateOnFocus: true,
  });
}
