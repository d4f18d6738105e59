import useSWRInfinite from 'swr/infinite';
import { api } from '@/lib/api-client.ts';
import { queuePageKey } from '../hooks/queue-pages.ts';
import type { QueuePage } from './types.ts';

const getQueuePage = (key: string) => api.get<QueuePage>(key, { toastErrors: false });

/**
 * The queue, page by page (keyset: each page continues after the last one's `next_cursor`). Only
 * the first page is read again when the screen comes back: it is where new and critical reports
 * appear, and the rest are asked for by "Load more".
 */
export function useModerationQueue() {
  return useSWRInfinite<QueuePage>(queuePageKey, getQueuePage, { revalidateFirstPage: true, revalidateAll: false });
}
