import { useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-errors.ts';
import { useModerationQueue } from '../api/get-queue.ts';
import { useModeratorAccess } from '../api/probe-moderator.ts';
import { hasMorePages, queueCountText, queueItems } from '../hooks/queue-pages.ts';
import { AreaNav } from './area-nav.tsx';
import { QueueItemCard } from './queue-item.tsx';

export const QUEUE_LOAD_FAILED = 'The queue could not be loaded. Please try again.';
export const QUEUE_MORE_FAILED = 'More reports could not be loaded. Please try again.';

/**
 * /moderation: open and in-review reports, critical first then oldest (the server's order), a
 * page at a time with Load more. The count under the list is a polite live region, so a screen
 * reader hears how many are shown after the first load and after each Load more.
 */
export function QueueScreen() {
  const { data: pages, error, isLoading, isValidating, size, setSize, mutate } = useModerationQueue();
  const { mutate: askAccessAgain } = useModeratorAccess();
  // The queue never answers a moderator 404: the role was revoked since the guard asked. Asking
  // again lets the guard send them where anyone else goes.
  const revoked = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (revoked) void askAccessAgain();
  }, [revoked, askAccessAgain]);
  const items = queueItems(pages);
  const more = hasMorePages(pages);
  // A page asked for by Load more and not here yet.
  const loadingMore = size > (pages?.length ?? 0) && !error;

  let body;
  if (isLoading && !pages) body = <Spinner label="Loading the queue..." />;
  else if (!pages) {
    body = (
      <div className="mod-message">
        <p role="alert">{QUEUE_LOAD_FAILED}</p>
        <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
          Try again
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="mod-message">Nothing to review. New reports will appear here.</p>;
  } else {
    body = (
      <ul className="mod-list" aria-label="Reports to review">
        {items.map((item) => (
          <QueueItemCard key={item.id} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page mod-page" aria-labelledby="mod-queue-title" aria-busy={isValidating || undefined}>
      <AreaNav />
      <h1 id="mod-queue-title">Moderation queue</h1>
      <p className="mod-lead">Critical reports first, then the oldest; appealed decisions come back here.</p>
      {body}
      <p className="mod-count" role="status">
        {pages ? queueCountText(items.length, more) : ''}
      </p>
      {pages && error ? <p role="alert">{QUEUE_MORE_FAILED}</p> : null}
      {pages && (more || error) ? (
        <button
          type="button"
          className="btn btn-secondary mod-more"
          disabled={loadingMore}
          onClick={() => void (error ? mutate() : setSize(size + 1))}
        >
          {loadingMore ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
