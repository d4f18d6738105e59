/** Pure rules of the matches screen: its words, names and photos. */
import { PLACEHOLDER_PHOTO } from '../../../config/paths.ts';

export const MATCHES_MESSAGES = {
  removed: 'Match removed successfully',
  removeFailed: 'Failed to remove match',
  confirmTitle: 'Unlike and Remove Match?',
  confirmText: 'This will remove the match and all chat history. This action cannot be undone.',
  confirmLabel: 'Unlike',
  emptyTitle: 'No matches yet',
  emptyText: 'When someone you like likes you back, you will find them here.',
  startSwiping: 'Start Swiping',
  tapToChat: 'Tap to chat',
  loadFailed: 'We could not load your matches.',
} as const;

/** 'You have 1 match', 'You have 3 matches'. */
export function matchCountText(count: number): string {
  return `You have ${count} ${count === 1 ? 'match' : 'matches'}`;
}

/** The username, or 'Anonymous' when there is none. */
export function displayName(username: string | null | undefined): string {
  return username?.trim() || 'Anonymous';
}

/** 'Sarah, 30', or only the name when the age is unknown. */
export function nameWithAge(username: string | null | undefined, age: number | null | undefined): string {
  const name = displayName(username);
  return typeof age === 'number' ? `${name}, ${age}` : name;
}

/** Photo 1, or the placeholder when there is none. */
export function matchPhoto(photo: string | null | undefined): string {
  return photo || PLACEHOLDER_PHOTO;
}

/** The list without one match (after it was removed). */
export function withoutMatch<T extends { match_id: number }>(matches: readonly T[], matchId: number): T[] {
  return matches.filter((match) => match.match_id !== matchId);
}
