import { useCallback, useState } from 'react';
import { refreshAfter } from '../../../lib/cache.ts';
import { trackOwnLike } from '../../../lib/realtime.tsx';
import { ApiError } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { Profile } from '../../../types/api.ts';
import { likeProfile } from '../api/like-profile.ts';

export const MATCH_TOAST_MS = 5000;

export type LikeContext = 'card' | 'list' | 'detail';

export function matchMessage(username: string | null | undefined): string {
  return `It's a Match with ${username || 'this profile'}!`;
}

/**
 * Like or pass, then toast and refresh the lists the change affects. Resolves true on success.
 * A failure toasts 'Failed to like profile' once (the api client's own toast is off for it).
 */
export function useLikeProfile() {
  const [busy, setBusy] = useState(false);

  const send = useCallback(async (profile: Profile, liked: boolean, context: LikeContext): Promise<boolean> => {
    setBusy(true);
    try {
      const request = likeProfile({ to_profile_id: profile.id, liked });
      // This answer toasts the match it makes; the realtime match push about it must not toast again.
      const result = await (liked ? trackOwnLike(profile.id, request) : request);
      if (!liked) {
        // Cards and list drop the profile locally; the detail screen refreshes the list itself.
        if (context === 'detail') toast.info('Profile passed');
      } else if (result?.match_created && result.match_id !== undefined && result.match_id !== null) {
        toast.success(matchMessage(profile.username), MATCH_TOAST_MS);
        void refreshAfter('match');
      } else {
        toast.success('Profile liked successfully');
        void refreshAfter('like');
      }
      return true;
    } catch (error) {
      console.error('Like failed', error);
      // A 401 was already handled by the api client (signed out, sent to /signin).
      if (!(error instanceof ApiError && error.status === 401)) toast.error('Failed to like profile');
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { send, busy };
}
