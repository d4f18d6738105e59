import { useEffect, useRef, useState } from 'react';
import type { MatchItem } from '@/lib/matches.ts';

/**
 * The Unlike confirmation and where focus goes after it. The dialog has no trigger of its own:
 * closed without a removal, focus returns to the Unlike button that opened it; after a removal
 * the card and its button are gone, so focus goes to the screen's title.
 */
export function useUnlikeConfirm(unlike: (match: MatchItem) => Promise<boolean>) {
  const [confirming, setConfirming] = useState<MatchItem | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(false);

  useEffect(() => {
    if (!focusTitle) return;
    setFocusTitle(false);
    title.current?.focus();
  }, [focusTitle]);

  const returnTo = useRef<number | null>(null);
  const ask = (match: MatchItem) => {
    returnTo.current = match.match_id;
    setConfirming(match);
  };
  useEffect(() => {
    if (confirming !== null || returnTo.current === null) return;
    const matchId = returnTo.current;
    returnTo.current = null;
    const timer = setTimeout(() => document.querySelector<HTMLButtonElement>(`[data-match-id="${matchId}"] .match-unlike`)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [confirming]);

  const confirm = async () => {
    if (!confirming) return;
    const removed = await unlike(confirming);
    if (removed) {
      returnTo.current = null;
      setFocusTitle(true);
    }
    setConfirming(null);
  };

  return { confirming, ask, confirm, cancel: () => setConfirming(null), title };
}
