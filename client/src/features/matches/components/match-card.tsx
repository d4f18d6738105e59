import { Link } from 'react-router-dom';
import { ChatIcon, Svg } from '@/components/ui/icons.tsx';
import { VerifiedBadge } from '@/components/ui/verified-badge.tsx';
import { paths, PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import type { MatchItem } from '@/lib/matches.ts';
import {
  activityTime,
  displayName,
  matchPhoto,
  MATCHES_MESSAGES,
  nameWithAge,
  previewText,
  unreadBadge,
  unreadLabel,
} from '../hooks/matches-state.ts';

interface MatchCardProps {
  match: MatchItem;
  /** Another action is under way: Unlike waits. */
  busy: boolean;
  onUnlike: (match: MatchItem) => void;
  /** Now, for the time of the last activity (the screen passes one for every card). */
  now: Date;
  /** Place in the list: the first cards' photos load at once. */
  index: number;
}

/**
 * The first cards' photos load at once, the rest lazily: a lazy image is requested only once
 * layout has placed it in the viewport, so the photos a phone shows first (the page's largest
 * paint) waited for the whole render; further down, lazy saves the bandwidth.
 */
const photoLoading = (index: number): 'eager' | 'lazy' => (index < 4 ? 'eager' : 'lazy');

const LockIcon = () => (
  <Svg>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Svg>
);

/**
 * One match: the whole card opens its chat (the name is the link; its hit area covers the card),
 * and Unlike sits above that area as a button of its own, so no control is nested in another.
 * An open chat shows its newest message and the unread count; a locked one says it is locked,
 * with a lock on the photo and a quieter card, so the two are told apart at a glance.
 */
export function MatchCard({ match, busy, onUnlike, now, index }: MatchCardProps) {
  const name = displayName(match.username);
  const hintId = `match-hint-${match.match_id}`;
  const locked = !match.has_chat_payment;
  const badge = unreadBadge(match.unread_count);
  const last = match.last_message;
  return (
    <li className={`match-card ${locked ? 'is-locked' : 'is-open'}${badge ? ' has-unread' : ''}`} data-match-id={match.match_id}>
      <span className="match-photo-frame">
        <img
          src={matchPhoto(match.photo1_url)}
          alt=""
          className="match-photo"
          loading={photoLoading(index)}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
          }}
        />
        {locked ? (
          <span className="match-photo-lock" aria-hidden="true">
            <LockIcon />
          </span>
        ) : null}
      </span>
      <div className="match-body">
        <div className="match-head">
          <h2 className="match-name">
            <Link to={paths.chat(match.match_id)} className="match-link" aria-describedby={hintId}>
              {nameWithAge(match.username, match.age)}
            </Link>
          </h2>
          <time className="match-time" dateTime={match.last_activity_at}>
            {activityTime(match.last_activity_at, now)}
          </time>
        </div>
        {match.verified ? <VerifiedBadge /> : null}
        <p className="match-hint" id={hintId}>
          {locked ? (
            <span className="match-state is-locked">
              <LockIcon />
              {MATCHES_MESSAGES.locked}
            </span>
          ) : null}
          {last ? (
            <span className="match-preview">{previewText(last)}</span>
          ) : (
            <span className="match-tap">
              <ChatIcon />
              {locked ? MATCHES_MESSAGES.tapToChat : `${MATCHES_MESSAGES.sayHi} ${MATCHES_MESSAGES.tapToChat}`}
            </span>
          )}
          {badge ? (
            <span className="match-unread">
              <span aria-hidden="true">{badge}</span>
              <span className="visually-hidden">{`, ${unreadLabel(match.unread_count)}`}</span>
            </span>
          ) : null}
        </p>
        <div className="match-foot">
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
