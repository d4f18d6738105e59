import { useCallback, useState } from 'react';
import { refreshAfter } from '@/lib/cache.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { showMatchMoment } from '@/lib/match-moments.ts';
import { toast } from '@/lib/toast.ts';
import { photoUrlOf, type Profile } from '@/types/api.ts';
import { likeProfile } from '../api/like-profile.ts';

export type LikeContext = 'card' | 'list' | 'detail';

/**
 * Like or pass, then tell the member and refresh the lists the change affects. A like that makes
 * the match opens the match moment ("It's a match", shown by the shell) with the profile liked;
 * any other like toasts. Resolves true on success. A failure toasts 'Failed to like profile' once
 * (the api client's own toast is off for it).
 */
export function useLikeProfile() {
  const [busy, setBusy] = useState(false);

  const send = useCallback(async (profile: Profile, liked: boolean, context: LikeContext): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await likeProfile({ to_profile_id: profile.id, liked });
      if (!liked) {
        // Cards and list drop the profile locally; the detail screen refreshes the list itself.
        if (context === 'detail') toast.info('Profile passed');
      } else if (result?.match_created && result.match_id !== undefined && result.match_id !== null) {
        // The server counts this moment as seen by me: the match push brings it to no other tab.
        showMatchMoment({
          matchId: Number(result.match_id),
          peer: { profileId: profile.id, username: profile.username, photoUrl: photoUrlOf(profile, 1) },
        });
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
