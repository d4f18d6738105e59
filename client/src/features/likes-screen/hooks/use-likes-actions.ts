import { useCallback, useRef, useState } from 'react';
import { mutate } from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { refreshCaches } from '@/lib/cache.ts';
import { showMatchMoment } from '@/lib/match-moments.ts';
import { toast } from '@/lib/toast.ts';
import type { BlockedUser } from '../api/get-blocked.ts';
import type { LikeCard, LikesReceivedResult, LikesSentResult } from '../api/get-likes.ts';
import { likeBack } from '../api/like-back.ts';
import { unblockUser } from '../api/unblock.ts';
import { unlikeProfile } from '../api/unlike.ts';
import { type LikesAction, LIKES_MESSAGES, listsToRefresh, madeMatch, withoutId } from './likes-state.ts';

/** Which card's action is under way: its list and profile id. */
export interface Pending {
  list: 'received' | 'sent' | 'blocked';
  id: number;
}

/** A failure toasts the screen's own words; a 401 was already handled by the api client (signed out). */
function reportFailure(what: string, message: string, error: unknown): void {
  console.error(`${what} failed`, error);
  if (error instanceof ApiError && error.status === 401) return;
  toast.error(message);
}

/**
 * Like Back, Unlike and Unblock. One action at a time (`pending`; the screen disables every
 * action button meanwhile). On success the card leaves its list at once and the toast says so;
 * succeeded or not, every list the change touches is reloaded. Each resolves true on success.
 */
export function useLikesActions() {
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = useRef(false);

  const run = useCallback(
    /** `action` answers what it changed, or null when it failed (then `attempted` says what to reload). */
    async (target: Pending, attempted: LikesAction, action: () => Promise<LikesAction | null>): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setPending(target);
      let done: LikesAction | null = null;
      try {
        done = await action();
        return done !== null;
      } finally {
        busy.current = false;
        setPending(null);
        // A failure may mean the other side changed (blocked, deleted, unliked): reload either way.
        void refreshCaches(listsToRefresh(done ?? attempted));
      }
    },
    [],
  );

  const likeBackCard = useCallback(
    (card: LikeCard) =>
      run({ list: 'received', id: card.id }, 'match', async () => {
        try {
          const result = await likeBack(card.id);
          await mutate<LikesReceivedResult>(
            apiPaths.likesReceived,
            (data) => data && { likes_received: withoutId(data.likes_received, card.id) ?? [] },
            { revalidate: false },
          );
          const matchId = madeMatch(result);
          // A match opens the match moment ("It's a match", shown by the shell); a plain like toasts.
          if (matchId !== null)
            showMatchMoment({ matchId, peer: { profileId: card.id, username: card.username, photoUrl: card.photo1_url } });
          else toast.success(LIKES_MESSAGES.liked);
          return matchId !== null ? 'match' : 'likeBack';
        } catch (error) {
          reportFailure('Like back', LIKES_MESSAGES.likeFailed, error);
          return null;
        }
      }),
    [run],
  );

  const unlikeCard = useCallback(
    (card: LikeCard) =>
      run({ list: 'sent', id: card.id }, 'unlike', async () => {
        try {
          await unlikeProfile(card.id);
          await mutate<LikesSentResult>(apiPaths.likesSent, (data) => data && { likes_sent: withoutId(data.likes_sent, card.id) ?? [] }, {
            revalidate: false,
          });
          toast.success(LIKES_MESSAGES.unliked);
          return 'unlike';
        } catch (error) {
          reportFailure('Unlike', LIKES_MESSAGES.unlikeFailed, error);
          return null;
        }
      }),
    [run],
  );

  const unblock = useCallback(
    (user: BlockedUser) =>
      run({ list: 'blocked', id: user.id }, 'unblock', async () => {
        try {
          await unblockUser(user.user_id);
          await mutate<BlockedUser[]>(apiPaths.blocked, (data) => withoutId(data, user.id), { revalidate: false });
          toast.success(LIKES_MESSAGES.unblocked);
          return 'unblock';
        } catch (error) {
          reportFailure('Unblock', LIKES_MESSAGES.unblockFailed, error);
          return null;
        }
      }),
    [run],
  );

  return { pending, likeBack: likeBackCard, unlike: unlikeCard, unblock };
}
