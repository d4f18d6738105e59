/** Pure rules of the matches screen: its words, names, photos, previews, unread counts and times. */
import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import type { LastMessage } from '@/lib/matches.ts';

export const MATCHES_MESSAGES = {
  removed: 'Match removed successfully',
  removeFailed: 'Failed to remove match',
  confirmTitle: 'Unlike and Remove Match?',
  confirmText: 'This will remove the match and all chat history. This action cannot be undone.',
  confirmLabel: 'Unlike',
  emptyTitle: 'No Matches Yet',
  emptyText: 'Start swiping to find your perfect match!',
  startSwiping: 'Start Swiping',
  tapToChat: 'Tap to chat',
  locked: 'Chat locked',
  sayHi: 'Say hi!',
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

/** 'You: see you at 8', 'see you at 8', 'Photo' / 'You: Photo' for a photo without a caption. */
export function previewText(last: LastMessage): string {
  const body = last.text.trim() || (last.has_photo ? 'Photo' : '');
  return last.from_me ? `You: ${body}` : body;
}

/** The unread badge: the count, '99+' past 99, nothing at 0. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** For screen readers: '1 unread message', '3 unread messages', 'more than 99 unread messages'. */
export function unreadLabel(count: number): string {
  if (count > 99) return 'more than 99 unread messages';
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the last activity was, as message lists show it: the time today, the weekday within the
 * past week, else the date ('14:05', 'Mon', '3 May').
 */
export function activityTime(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (at.getTime() >= startOfToday - 6 * DAY_MS) return at.toLocaleDateString(locale, { weekday: 'short' });
  return at.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}
