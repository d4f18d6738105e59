import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { apiPaths, paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { refreshAfter } from '@/lib/cache.ts';
import { type MatchesResult, withoutMatch } from '@/lib/matches.ts';
import { toast } from '@/lib/toast.ts';
import { unmatch } from '../api/unmatch.ts';
import { CHAT_MESSAGES } from './chat-state.ts';

/** Files a report of the peer through the reports feature's dialog; true once filed. */
export type ReportPeer = (messageIds?: number[]) => Promise<boolean>;

/**
 * Unmatch, Block and Report from the chat's menus. One at a time; `ending` is true while one is under way
 * (and after it succeeded), so the chat does not take the match's own removal push for news.
 * On success the match leaves the cached list at once and the member goes back to /matches.
 * Blocking is the blocks feature's and reporting the reports feature's (handed in by the route,
 * each toasting its own words). A report ends the match as a block does, so it leaves the same way;
 * while its dialog is open the match's removal push is this chat's own ending, not news.
 */
export function useEndMatch(
  matchId: number,
  peerProfileId: number | undefined,
  block: (() => Promise<boolean>) | undefined,
  report?: ReportPeer,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const ending = useRef(false);

  const finish = useCallback(
    async (action: () => Promise<boolean>): Promise<boolean> => {
      if (ending.current) return false;
      ending.current = true;
      setBusy(true);
      let ok = false;
      try {
        ok = await action();
      } finally {
        setBusy(false);
        if (!ok) ending.current = false;
      }
      if (ok) {
        // Leave first: the chat would otherwise show 'not available' for a moment once its match is out of the list.
        navigate(paths.matches, { replace: true });
        await mutate<MatchesResult>(apiPaths.matches, (list) => (list ? withoutMatch(list, matchId) : list), { revalidate: false });
        void refreshAfter('match');
      }
      return ok;
    },
    [matchId, navigate],
  );

  const unmatchPeer = useCallback(
    () =>
      finish(async () => {
        if (peerProfileId === undefined) return false;
        try {
          await unmatch(peerProfileId);
          toast.success(CHAT_MESSAGES.unmatched);
          return true;
        } catch (error) {
          console.error('Unmatch failed', error);
          // A 401 was already handled by the api client (signed out, sent to /signin).
          if (!(error instanceof ApiError && error.status === 401)) toast.error(CHAT_MESSAGES.unmatchFailed);
          return false;
        }
      }),
    [finish, peerProfileId],
  );

  const blockPeer = useCallback(() => finish(async () => (block ? block() : false)), [finish, block]);

  const reportPeer = useCallback((messageIds?: number[]) => finish(async () => (report ? report(messageIds) : false)), [finish, report]);

  return { unmatch: unmatchPeer, block: blockPeer, report: reportPeer, busy, ending };
}
