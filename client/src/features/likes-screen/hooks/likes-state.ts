/** Pure rules of the Likes screen: its tabs, its words, what a card shows, what to reload after an action. */
import { formatHeightCm, orNA } from '@/lib/format.ts';
import { type CacheName, type ChangeKind, REFRESH_LISTS } from '@/lib/refresh-lists.ts';
import type { LikeResult } from '@/types/api.ts';
import type { LikeCard } from '../api/get-likes.ts';

export const TAB_IDS = ['received', 'sent', 'blocked'] as const;
export type TabId = (typeof TAB_IDS)[number];

export const TAB_LABELS: Record<TabId, string> = {
  received: 'Likes Received',
  sent: 'Likes Sent',
  blocked: 'Blocked Users',
};

/** The tab lives in the query (?tab=sent), so Back from a profile returns to the same tab. */
export const TAB_PARAM = 'tab';

export function readTab(params: URLSearchParams): TabId {
  const value = params.get(TAB_PARAM);
  return (TAB_IDS as readonly string[]).includes(value ?? '') ? (value as TabId) : 'received';
}

export const EMPTY_STATES: Record<TabId, { title: string; text: string }> = {
  received: { title: 'No Likes Received Yet', text: 'When someone likes your profile, they will appear here.' },
  sent: { title: 'No Likes Sent Yet', text: 'Profiles you like will appear here.' },
  blocked: { title: 'No Blocked Users', text: 'Members you block will appear here.' },
};

export const LOAD_FAILED: Record<TabId, string> = {
  received: 'We could not load the likes you received.',
  sent: 'We could not load the likes you sent.',
  blocked: 'We could not load your blocked users.',
};

export const LIKES_MESSAGES = {
  liked: 'Profile liked successfully',
  likeFailed: 'Failed to like profile',
  unliked: 'Profile unliked successfully',
  unlikeFailed: 'Failed to unlike profile',
  unblocked: 'User unblocked successfully',
  unblockFailed: 'Failed to unblock user',
  unlikeTitle: 'Unlike Profile?',
  unblockTitle: 'Unblock User?',
  unblockText: 'They will be able to see you in search results again.',
} as const;

export function unlikeText(username: string): string {
  return `Your like for ${username} will be removed, together with any match and chat you have with them.`;
}

/** The match a Like Back made, or null (no match, or the answer lacks its id). */
export function madeMatch(result: LikeResult | null | undefined): number | null {
  if (!result?.match_created || result.match_id === undefined || result.match_id === null) return null;
  const id = Number(result.match_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** 'ben, 34', or just the name when the age is unknown. */
export function nameWithAge(username: string, age: number | null | undefined): string {
  return typeof age === 'number' ? `${username}, ${age}` : username;
}

/** 'Austin, Texas'; a place without a state gives its country instead; null when nothing is known. */
export function homePlace(card: Pick<LikeCard, 'home_city' | 'home_state' | 'home_country'>): string | null {
  const second = card.home_state || card.home_country;
  const parts = [card.home_city, second].filter((part): part is string => Boolean(part && part.trim()));
  return parts.length ? parts.join(', ') : null;
}

export type CardFactKey = 'height' | 'education' | 'religion' | 'livelihood' | 'status' | 'kidsWanted';

/** The facts of a card, labelled as discovery labels them; height in feet and inches. */
export type CardFactFields = Pick<
  LikeCard,
  'height' | 'education' | 'religion' | 'livelihood' | 'relationship_status' | 'number_of_kids_wanted'
>;

export function cardFacts(card: CardFactFields): { key: CardFactKey; label: string; value: string }[] {
  return [
    { key: 'height', label: 'Height', value: formatHeightCm(card.height) },
    { key: 'education', label: 'Education', value: orNA(card.education) },
    { key: 'religion', label: 'Religion', value: orNA(card.religion) },
    { key: 'livelihood', label: 'Livelihood', value: orNA(card.livelihood) },
    { key: 'status', label: 'Status', value: orNA(card.relationship_status) },
    { key: 'kidsWanted', label: 'Kids wanted', value: orNA(card.number_of_kids_wanted) },
  ];
}

/** The data sets this screen shows: every action reloads all three, so the counts stay true. */
export const SCREEN_LISTS: readonly CacheName[] = ['likesReceived', 'likesSent', 'blockedUsers'];

export type LikesAction = 'likeBack' | 'match' | 'unlike' | 'unblock';

/**
 * What each action of the screen changes, in lib/refresh-lists.ts's terms. An unlike removes a
 * like and any match (REFRESH_LISTS has no 'unlike' yet): the lists of a match, and discovery.
 */
const CHANGES: Record<LikesAction, readonly ChangeKind[]> = {
  likeBack: ['like'],
  match: ['match'],
  unlike: ['match', 'pass'],
  unblock: ['unblock'],
};

/** The caches to reload after an action (succeeded or not): what it changes, plus this screen's lists. */
export function listsToRefresh(action: LikesAction): CacheName[] {
  const names = new Set<CacheName>(SCREEN_LISTS);
  for (const kind of CHANGES[action]) for (const name of REFRESH_LISTS[kind]) names.add(name);
  return [...names];
}

/** A list without the item of this id (the card leaves at once; the reload follows). */
export function withoutId<T extends { id: number }>(items: readonly T[] | undefined, id: number): T[] | undefined {
  return items?.filter((item) => item.id !== id);
}

/** The count a tab shows, or null while its list has not loaded. */
export function tabCount(items: readonly unknown[] | undefined): number | null {
  return Array.isArray(items) ? items.length : null;
}
