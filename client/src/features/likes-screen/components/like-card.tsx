import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { VerifiedBadge } from '@/components/ui/verified-badge.tsx';
import { paths } from '@/config/paths.ts';
import { NA } from '@/lib/format.ts';
import type { LikeCard as LikeCardData } from '../api/get-likes.ts';
import { cardFacts, homePlace, nameWithAge } from '../hooks/likes-state.ts';
import { MemberPhoto } from './member-photo.tsx';

interface LikeCardProps {
  card: LikeCardData;
  /** The card's button (Like Back, Unlike); its clicks do not open the profile. */
  action: ReactNode;
  /** Place in the list: the first cards' photos load at once. */
  index: number;
}

/**
 * The first cards' photos load at once, the rest lazily: a lazy image is requested only once
 * layout has placed it in the viewport, so the photos a phone shows first (the page's largest
 * paint) waited for the whole render; further down, lazy saves the bandwidth.
 */
const photoLoading = (index: number): 'eager' | 'lazy' => (index < 4 ? 'eager' : 'lazy');

/** A member who liked me, or whom I liked: the whole card opens their profile; the name is the keyboard's link. */
export function LikeCard({ card, action, index }: LikeCardProps) {
  const navigate = useNavigate();
  const to = paths.profileView(card.id);
  return (
    // The name's link is the keyboard path; the click on the card is a larger target.
    <li className="like-card" data-profile-id={card.id} onClick={() => navigate(to)}>
      <MemberPhoto url={card.photo1_url} className="like-photo" loading={photoLoading(index)} />
      <div className="like-head">
        <h2 className="like-name">
          <Link to={to} onClick={(event) => event.stopPropagation()}>
            {nameWithAge(card.username, card.age)}
          </Link>
        </h2>
        {card.verified ? <VerifiedBadge /> : null}
        <p className="like-place">{homePlace(card) ?? NA}</p>
      </div>
      <dl className="like-facts">
        {cardFacts(card).map(({ key, label, value }) => (
          <div key={key} className={`fact-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="like-actions" onClick={(event) => event.stopPropagation()}>
        {action}
      </div>
    </li>
  );
}
