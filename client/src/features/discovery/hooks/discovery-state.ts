/** Pure list operations of the discovery state, and when discovery may run at all. */
import { computeCompleteness } from '@contract/profile-validation.ts';
export interface DiscoveryList<T> {
  profiles: T[];
  index: number;
}

export const emptyDiscovery = <T>(): DiscoveryList<T> => ({ profiles: [], index: 0 });

/** Loaded profiles without the member's own. */
export function loadProfiles<T extends { id: unknown }>(results: T[], ownId: unknown): DiscoveryList<T> {
  const own = ownId === undefined || ownId === null ? null : String(ownId);
  return { profiles: results.filter((p) => String(p.id) !== own), index: 0 };
}

/** Moving on is capped at the last profile. */
export function nextProfile<T>(state: DiscoveryList<T>): DiscoveryList<T> {
  return { ...state, index: Math.min(state.index + 1, Math.max(state.profiles.length - 1, 0)) };
}

/** Removing keeps the index in range. */
export function removeProfile<T extends { id: unknown }>(state: DiscoveryList<T>, id: unknown): DiscoveryList<T> {
  const profiles = state.profiles.filter((p) => String(p.id) !== String(id));
  return { profiles, index: Math.min(state.index, Math.max(profiles.length - 1, 0)) };
}

/**
 * Subtitle under 'Discover'. `listing`: profiles are shown, or still on their way (the own
 * profile, the filters or the first page loading): the view's instruction then stands from the
 * first paint instead of changing as each answer arrives (it read 'Looking for male profiles for
 * you' while the own gender was still unknown). Only when there is nothing to show does it say
 * what is being looked for.
 */
export function discoverySubtitle(view: 'cards' | 'list', listing: boolean, ownGender: string | null | undefined) {
  if (!listing) return `Looking for ${ownGender === 'Man' ? 'female' : 'male'} profiles for you`;
  return view === 'cards' ? 'Swipe right to like, left to pass' : 'Browse and like profiles';
}

/** The one rule, shared with the server's candidate set. */
export { soughtGender } from '@contract/filters.ts';

/**
 * Whether the own profile is complete by the shared rules; the server refuses discovery to an
 * incomplete profile, so the screen asks the member to finish it instead of fetching.
 */
export const isProfileComplete = (me: Record<string, unknown> | undefined): boolean =>
  me !== undefined && computeCompleteness(me).is_complete;

/** Cards left in the deck at which the next profiles are fetched, so the member never waits on a swipe. */
export const PREFETCH_WHEN_LEFT = 5;

/**
 * The profiles of a fetched page this deck has not had yet (nor the member's own). The server
 * puts swiped members last, so page numbers shift while the member swipes: the client reads from
 * page 1 on and keeps what is new rather than trusting "page 2".
 */
export function unseenProfiles<T extends { id: unknown }>(results: T[], ownId: unknown, seen: ReadonlySet<string>): T[] {
  const own = ownId === undefined || ownId === null ? null : String(ownId);
  const fresh = new Map<string, T>();
  for (const profile of results) {
    const id = String(profile.id);
    if (id !== own && !seen.has(id) && !fresh.has(id)) fresh.set(id, profile);
  }
  return [...fresh.values()];
}

/** The deck with newly fetched profiles added behind the ones still to swipe. */
export function appendProfiles<T>(state: DiscoveryList<T>, more: T[]): DiscoveryList<T> {
  return more.length === 0 ? state : { ...state, profiles: [...state.profiles, ...more] };
}

/**
 * Whether the deck may read on past the first page it loaded: only when that page held someone
 * and says a next page exists. A first page without one held every candidate the server has, so
 * reading on would only fetch the same page again (on a small deck, two requests more as the
 * screen opens); 'No More Profiles' and its reload cover what joins later.
 */
export function mayReadOn(page: { next: string | null } | undefined, loaded: number): boolean {
  return page !== undefined && loaded > 0 && page.next !== null;
}
