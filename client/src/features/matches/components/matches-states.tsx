import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { UsersIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import type { MatchItem } from '@/lib/matches.ts';
import { matchCountText, MATCHES_MESSAGES } from '../hooks/matches-state.ts';
import { MatchCard } from './match-card.tsx';

type TitleRef = Ref<HTMLHeadingElement>;

export function MatchesFailed({ title, onRetry }: { title: TitleRef; onRetry: () => void }) {
  return (
    <section className="page empty-state matches-page" aria-labelledby="matches-title">
      <h1 id="matches-title" ref={title} tabIndex={-1}>
        Matches
      </h1>
      <p role="alert">{MATCHES_MESSAGES.loadFailed}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

export function MatchesEmpty({ title }: { title: TitleRef }) {
  return (
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
}

interface MatchesListProps {
  title: TitleRef;
  matches: MatchItem[];
  busy: boolean;
  onUnlike: (match: MatchItem) => void;
}

export function MatchesList({ title, matches, busy, onUnlike }: MatchesListProps) {
  // One "now" per render, so every card's time is measured from the same moment.
  const now = new Date();
  return (
    <section className="page matches-page" aria-labelledby="matches-title">
      <h1 id="matches-title" ref={title} tabIndex={-1}>
        Matches
      </h1>
      <p className="matches-count">{matchCountText(matches.length)}</p>
      <ul className="match-list">
        {matches.map((match, index) => (
          <MatchCard key={match.match_id} match={match} index={index} busy={busy} onUnlike={onUnlike} now={now} />
        ))}
      </ul>
    </section>
  );
}
