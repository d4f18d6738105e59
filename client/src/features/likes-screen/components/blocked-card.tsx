import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import type { BlockedUser } from '../api/get-blocked.ts';
import { nameWithAge } from '../hooks/likes-state.ts';
import { MemberPhoto } from './member-photo.tsx';

/** A member I blocked. Not a link: a blocked member's profile is hidden from me too. */
export function BlockedCard({ user, action }: { user: BlockedUser; action: ReactNode }) {
  return (
    <li className="like-card blocked-card" data-user-id={user.user_id}>
      <MemberPhoto url={user.photo1_url} className="like-photo is-small" />
      <div className="like-head">
        <h2 className="like-name">{nameWithAge(user.username, user.age)}</h2>
        <p className="like-place">
          Blocked on <time dateTime={user.blocked_at}>{formatDate(user.blocked_at)}</time>
        </p>
      </div>
      <div className="like-actions">{action}</div>
    </li>
  );
}
