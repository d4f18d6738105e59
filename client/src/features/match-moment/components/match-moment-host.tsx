import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { matchMoments, useMatchMoments } from '@/lib/match-moments.ts';
import { useNewMatches } from '../api/get-new-matches.ts';
import { markMatchSeen } from '../api/mark-match-seen.ts';
import { momentsFrom } from '../hooks/match-moment-state.ts';

// The screen's code arrives only when there is a match to show.
const MatchMomentDialog = lazy(() => import('./match-moment-dialog.tsx'));

export interface MatchMomentHostProps {
  /** My own name and photo, for the screen's second portrait. */
  me: { username: string | null | undefined; photoUrl: string | null | undefined };
}

/** Resolves once the page has loaded and the browser is idle: the first screen's reads go first. */
function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 2_000 }) : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Shows the match moments as they come, one at a time: those a like hands in, and those the
 * server keeps for me (a match made while I was away, or the push of one made just now). A
 * moment closed here, or followed to its chat, is marked seen on the server so no device shows
 * it again. Mounted once, inside the signed-in shell.
 */
export function MatchMomentHost({ me }: MatchMomentHostProps) {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const newMatches = useNewMatches(ready);
  const { data, mutate: recheck } = newMatches;
  const moments = useMatchMoments();

  useEffect(() => {
    let active = true;
    void afterFirstScreen().then(() => active && setReady(true));
    return () => {
      active = false;
      // Leaving the shell (signing out, or the edit screen): whoever comes back asks the server again.
      matchMoments.clear();
    };
  }, []);

  // A match push or a reconnect asks for a check; before the first one, the first read is it.
  useEffect(() => (ready ? matchMoments.registerChecker(() => void recheck()) : undefined), [ready, recheck]);

  useEffect(() => {
    for (const moment of momentsFrom(data)) matchMoments.show(moment);
  }, [data]);

  const close = useCallback((matchId: number) => {
    matchMoments.close(matchId);
    markMatchSeen(matchId).catch((error: unknown) => console.warn('Marking the match seen failed', error));
  }, []);

  const current = moments[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <MatchMomentDialog
        key={current.matchId}
        moment={current}
        me={me}
        onClose={() => close(current.matchId)}
        onMessage={() => {
          close(current.matchId);
          navigate(paths.chat(current.matchId));
        }}
      />
    </Suspense>
  );
}
