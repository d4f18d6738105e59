/**
 * The queue's keyset pages as SWR keys, and the pages as one list. Pure (queue-pages.test.ts).
 */
import { apiPaths } from '@/config/paths.ts';
import type { QueueItem, QueuePage } from '../api/types.ts';

/** Items per page: the server's default; "Load more" asks for the next as many. */
export const QUEUE_PAGE_SIZE = 20;

/**
 * The key of page `index` (useSWRInfinite's getKey): the first page has no cursor, each next one
 * continues after the previous page's `next_cursor`; null once a page said it was the last.
 */
export function queuePageKey(index: number, previous: QueuePage | null): string | null {
  if (index === 0) return `${apiPaths.moderationQueue}?limit=${QUEUE_PAGE_SIZE}`;
  if (!previous || previous.next_cursor === null) return null;
  return `${apiPaths.moderationQueue}?limit=${QUEUE_PAGE_SIZE}&cursor=${previous.next_cursor}`;
}

/**
 * The pages as one list, each report once: the queue moves while a moderator reads it (a claim,
 * a decision), so a later page can repeat an item an earlier one had.
 */
export function queueItems(pages: readonly QueuePage[] | undefined): QueueItem[] {
  const seen = new Set<number>();
  const items: QueueItem[] = [];
  for (const item of (pages ?? []).flatMap((page) => page.items)) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return items;
}

/** Whether another page may follow the last one read. */
export const hasMorePages = (pages: readonly QueuePage[] | undefined): boolean =>
  Boolean(pages && pages.length > 0 && pages[pages.length - 1].next_cursor !== null);

/** The status line under the list: how many are shown, and whether more are left. */
export function queueCountText(shown: number, more: boolean): string {
  if (shown === 0) return 'No reports are waiting.';
  const reports = `${shown} ${shown === 1 ? 'report' : 'reports'}`;
  return more ? `Showing ${reports}; more are waiting.` : `Showing ${reports}, all that are waiting.`;
}

/** The states the queue lists: a report to claim, one being reviewed, one whose member appealed. */
export const isWaiting = (state: string): boolean => state === 'open' || state === 'in_review' || state === 'appealed';

/**
 * The cached queue after a claim or decision on `report` (the full answer): still waiting, its item
 * is replaced (state, assignee); decided, it leaves. So the queue is right the moment the moderator
 * goes back to it, whichever page the report was on (only the first page is read again).
 */
export function withReport(pages: readonly QueuePage[] | undefined, report: QueueItem): QueuePage[] | undefined {
  if (!pages) return undefined;
  const waiting = isWaiting(report.state);
  return pages.map((page) => ({
    ...page,
    items: page.items.flatMap((item) => (item.id !== report.id ? [item] : waiting ? [{ ...item, ...queueFields(report) }] : [])),
  }));
}

/** The queue item's own fields of a full report (the evidence, other reports, history and appeal left out). */
function queueFields(report: QueueItem): QueueItem {
  const { evidence_snapshots: _s, other_reports: _o, history: _h, appeal: _a, ...item } = report as QueueItem & Record<string, unknown>;
  return item as QueueItem;
}
