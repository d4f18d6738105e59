/** Pure rules of the match moment: its words, and the moments a server answer holds. */
import type { MatchMoment } from '@/lib/match-moments.ts';
import type { NewMatchesResult } from '../api/get-new-matches.ts';

export const MATCH_MOMENT_MESSAGES = {
  send: 'Send a message',
  later: 'Keep swiping',
} as const;

/** The peer's name, or the words the like's toast always used without one. */
export const peerName = (username: string | null | undefined): string => username?.trim() || 'this profile';

/** "It's a Match with sara!": the words the match toast used, now the screen's title. */
export const momentTitle = (username: string | null | undefined): string => `It's a Match with ${peerName(username)}!`;

/** 'You and sara like each other.' */
export const momentText = (username: string | null | undefined): string => `You and ${username?.trim() || 'this member'} like each other.`;

/** The server's unseen matches as moments, newest first (as they come). */
export function momentsFrom(result: NewMatchesResult | undefined): MatchMoment[] {
  return (result?.new_matches ?? []).map((match) => ({
    matchId: match.match_id,
    peer: { profileId: match.id, username: match.username, photoUrl: match.photo1_url },
  }));
}
