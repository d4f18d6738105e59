import { useCallback, useRef, useState } from 'react';
import { mutate } from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { refreshAfter } from '@/lib/cache.ts';
import { toast } from '@/lib/toast.ts';
import type { MatchesResult, MatchItem } from '@/lib/matches.ts';
import { unlikeMatch } from '../api/unlike-match.ts';
import { MATCHES_MESSAGES, withoutMatch } from './matches-state.ts';

/**
 * Unlike on a match card: one at a time (`pendingId` is the match under way). On success the
 * card leaves the list at once and 'Match removed successfully' is toasted; on failure 'Failed to
 * remove match' (a 401 was already handled by the api client). Either way the likes and matches
 * lists are reloaded. Resolves true on success.
 */
export function useUnlikeMatch() {
  const [pendingId, setPendingId] = useState<number | null>(null);
  const busy = useRef(false);

  const unlike = useCallback(async (match: MatchItem): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setPendingId(match.match_id);
    try {
      await unlikeMatch(match.id);
      await mutate<MatchesResult>(apiPaths.matches, (data) => data && { matches: withoutMatch(data.matches, match.match_id) }, {
        revalidate: false,
      });
      toast.success(MATCHES_MESSAGES.removed);
      return true;
    } catch (error) {
      console.error('Unlike failed', error);
      if (!(error instanceof ApiError && error.status === 401)) toast.error(MATCHES_MESSAGES.removeFailed);
      return false;
    } finally {
      busy.current = false;
      setPendingId(null);
      void refreshAfter('match');
    }
  }, []);

  return { unlike, pendingId };
}
