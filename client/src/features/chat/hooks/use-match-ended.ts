import { type RefObject, useState } from 'react';
import { useRealtimeEvent } from '@/lib/realtime.tsx';

/**
 * Whether this chat's match ended while the chat was open (the other member unmatched, blocked or
 * deleted their account, or I ended it on another device): the `match.removed` push for it.
 * Ignored while my own Unmatch or Block here is under way: that one leads back to /matches itself.
 */
export function useMatchEnded(matchId: number, endingHere: RefObject<boolean>): boolean {
  const [ended, setEnded] = useState(false);
  useRealtimeEvent('match.removed', (data) => {
    if (data.matchId === matchId && !endingHere.current) setEnded(true);
  });
  return ended;
}
