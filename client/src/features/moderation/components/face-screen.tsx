import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-errors.ts';
import { useFaceQueue } from '../api/get-faces.ts';
import { useModeratorAccess } from '../api/probe-moderator.ts';
import { faceCountText } from '../hooks/face-review.ts';
import { useFaceDecision } from '../hooks/use-face-decision.ts';
import { AreaNav } from './area-nav.tsx';
import { FaceItemCard } from './face-item.tsx';

export const FACES_LOAD_FAILED = 'The face matches could not be loaded. Please try again.';

/**
 * /moderation/faces: verified faces that matched one already verified on another account, oldest
 * first (the server's order). Each is decided where it stands; a decided one leaves the list, and
 * focus goes to the heading, since the button pressed has gone with it.
 */
export function FaceScreen() {
  const { data: page, error: loadError, isLoading, isValidating, mutate } = useFaceQueue();
  const { decide, pending, error, status } = useFaceDecision();
  const { mutate: askAccessAgain } = useModeratorAccess();
  const heading = useRef<HTMLHeadingElement>(null);
  // As on the queue: a 404 here means the role was revoked since the guard asked.
  const revoked = loadError instanceof ApiError && loadError.status === 404;
  useEffect(() => {
    if (revoked) void askAccessAgain();
  }, [revoked, askAccessAgain]);
  useEffect(() => {
    if (status !== '' || error) heading.current?.focus();
  }, [status, error]);

  let body;
  if (isLoading && !page) body = <Spinner label="Loading the face matches..." />;
  else if (!page) {
    body = (
      <div className="mod-message">
        <p role="alert">{FACES_LOAD_FAILED}</p>
        <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
          Try again
        </button>
      </div>
    );
  } else if (page.items.length === 0) {
    body = <p className="mod-message">No face matches to review. New ones will appear here.</p>;
  } else {
    body = (
      <ul className="mod-list" aria-label="Face matches to review">
        {page.items.map((item) => (
          <FaceItemCard key={item.user_id} item={item} busy={pending === item.user_id} onDecide={decide} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page mod-page" aria-labelledby="mod-faces-title" aria-busy={isValidating || undefined}>
      <AreaNav />
      <h1 id="mod-faces-title" ref={heading} tabIndex={-1}>
        Face matches
      </h1>
      <p className="mod-lead">
        A member verified a face that matches one already verified on another account. Oldest first. Decide whether they are two people.
      </p>
      {error ? (
        <p className="mod-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="mod-status" role="status">
        {status}
      </p>
      {body}
      <p className="mod-count" role="status">
        {page ? faceCountText(page.items.length, page.next_cursor !== null) : ''}
      </p>
    </section>
  );
}
