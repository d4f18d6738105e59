import type { ReactNode } from 'react';
import { formatDate, NA } from '@/lib/format.ts';
import type { BlockedUser } from '../api/get-blocked.ts';
import { cardFacts, homePlace, nameWithAge } from '../hooks/likes-state.ts';
import { MemberPhoto } from './member-photo.tsx';

/**
 * A member I blocked: the same facts as the other tabs' cards, and when I blocked them. Not a
 * link: a blocked member's profile is hidden from me too.
 */
export function BlockedCard({ user, action }: { user: BlockedUser; action: ReactNode }) {
  return (
    <li className="like-card blocked-card" data-user-id={user.user_id}>
      <MemberPhoto url={user.photo1_url} className="like-photo" />
      <div className="like-head">
        <h2 className="like-name">{nameWithAge(user.username, user.age)}</h2>
        <p className="like-place">{homePlace(user) ?? NA}</p>
        <p className="like-place blocked-on">
          Blocked on <time dateTime={user.blocked_at}>{formatDate(user.blocked_at)}</time>
        </p>
      </div>
      <dl className="like-facts">
        {cardFacts(user).map(({ key, label, value }) => (
          <div key={key} className={`fact-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="like-actions">{action}</div>
    </li>
  );
}
