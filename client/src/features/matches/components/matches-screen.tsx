import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { UsersIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { type MatchItem, useMatches } from '../../../lib/matches.ts';
import { matchCountText, MATCHES_MESSAGES } from '../hooks/matches-state.ts';
import { useUnlikeMatch } from '../hooks/use-unlike-match.ts';
import { MatchCard } from './match-card.tsx';
import './matches.css';

/**
 * /matches: the member's matches, newest first; each card opens its chat and has Unlike (with a
 * confirmation). A spinner while loading, an empty state with Start Swiping, an error with Try
 * again. Realtime pushes keep the list current (they revalidate its SWR key).
 */
export function MatchesScreen() {
  const { data, error, isLoading, mutate: reload } = useMatches();
  const { unlike, pendingId } = useUnlikeMatch();
  const [confirming, setConfirming] = useState<MatchItem | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(false);

  // After a removal the card and its button are gone: keyboard focus goes to the screen's title.
  useEffect(() => {
    if (!focusTitle) return;
    setFocusTitle(false);
    title.current?.focus();
  }, [focusTitle]);

  // The dialog has no trigger of its own: closing it without a removal returns focus to the
  // Unlike button that opened it.
  const returnTo = useRef<number | null>(null);
  const ask = (match: MatchItem) => {
    returnTo.current = match.match_id;
    setConfirming(match);
  };
  useEffect(() => {
    if (confirming !== null || returnTo.current === null) return;
    const matchId = returnTo.current;
    returnTo.current = null;
    const timer = setTimeout(() => document.querySelector<HTMLButtonElement>(`[data-match-id="${matchId}"] .match-unlike`)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [confirming]);

  const confirm = async () => {
    if (!confirming) return;
    const removed = await unlike(confirming);
    if (removed) {
      returnTo.current = null;
      setFocusTitle(true);
    }
    setConfirming(null);
  };

  let body;
  if (isLoading) {
    body = <Spinner label="Loading your matches..." />;
  } else if (error || !data) {
    body = (
      <section className="page empty-state matches-page" aria-labelledby="matches-title">
        <h1 id="matches-title" ref={title} tabIndex={-1}>
          Matches
        </h1>
        <p role="alert">{MATCHES_MESSAGES.loadFailed}</p>
        <button type="button" className="btn btn-primary" onClick={() => void reload()}>
          Try again
        </button>
      </section>
    );
  } else if (data.matches.length === 0) {
    body = (
      <section className="page empty-state matches-page matches-empty" aria-labelledby="matches-title">
        <span className="matches-empty-icon" aria-hidden="true">
          <UsersIcon />
        </span>
        <h1 id="matches-title" ref={title} tabIndex={-1}>
          {MATCHES_MESSAGES.emptyTitle}
        </h1>
        <p>{MATCHES_MESSAGES.emptyText}</p>
        <Link to={paths.home} className="btn btn-primary">
          {MATCHES_MESSAGES.startSwiping}
        </Link>
      </section>
    );
  } else {
    body = (
      <section className="page matches-page" aria-labelledby="matches-title">
        <h1 id="matches-title" ref={title} tabIndex={-1}>
          Matches
        </h1>
        <p className="matches-count">{matchCountText(data.matches.length)}</p>
        <ul className="match-list">
          {data.matches.map((match) => (
            <MatchCard key={match.match_id} match={match} busy={pendingId !== null} onUnlike={ask} />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <>
      {body}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && pendingId === null) setConfirming(null);
        }}
        title={MATCHES_MESSAGES.confirmTitle}
        description={MATCHES_MESSAGES.confirmText}
        confirmLabel={MATCHES_MESSAGES.confirmLabel}
        busy={pendingId !== null}
        destructive
        onConfirm={() => void confirm()}
      />
    </>
  );
}
