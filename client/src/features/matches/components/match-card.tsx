import { Link } from 'react-router-dom';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '../../../config/paths.ts';
import type { MatchItem } from '../../../lib/matches.ts';
import { displayName, matchPhoto, MATCHES_MESSAGES, nameWithAge } from '../hooks/matches-state.ts';

interface MatchCardProps {
  match: MatchItem;
  /** Another action is under way: Unlike waits. */
  busy: boolean;
  onUnlike: (match: MatchItem) => void;
}

/**
 * One match: the whole card opens its chat (the name is the link; its hit area covers the card),
 * and Unlike sits above that area as a button of its own, so no control is nested in another.
 */
export function MatchCard({ match, busy, onUnlike }: MatchCardProps) {
  const name = displayName(match.username);
  const hintId = `match-hint-${match.match_id}`;
  return (
    <li className="match-card" data-match-id={match.match_id}>
      <img
        src={matchPhoto(match.photo1_url)}
        alt=""
        className="match-photo"
        loading="lazy"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
        }}
      />
      <div className="match-body">
        <h2 className="match-name">
          <Link to={paths.chat(match.match_id)} className="match-link" aria-describedby={hintId}>
            {nameWithAge(match.username, match.age)}
          </Link>
        </h2>
        {match.verified ? <VerifiedBadge /> : null}
        <div className="match-foot">
          <span className="match-hint" id={hintId}>
            <ChatIcon />
            {MATCHES_MESSAGES.tapToChat}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-small match-unlike"
            aria-label={`Unlike ${name}`}
            disabled={busy}
            onClick={() => onUnlike(match)}
          >
            Unlike
          </button>
        </div>
      </div>
    </li>
  );
}
