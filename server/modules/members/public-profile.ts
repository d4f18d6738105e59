/** Another member's profile as a viewer sees it, built the same way for a profile view and discovery. */
import type { Static } from 'typebox';
import { shownDistance } from '../geo/index.ts';
import { ageOf } from './member-card.ts';
import { PRIVATE_FIELDS, type PublicProfileResponse } from './public-profile.schemas.ts';

export type PublicProfile = Static<typeof PublicProfileResponse>;

/** Not shown on another member's profile besides the private fields: credits and coordinates. */
const HIDDEN_FROM_OTHERS = [...PRIVATE_FIELDS, 'chats', 'location_latitude', 'location_longitude'];

/**
 * Another member's profile as a viewer sees it: age, rounded distance and is_liked added, the
 * private fields, credits and coordinates removed. Discovery builds its results with this too.
 */
export function toPublicProfile(
  target: Record<string, unknown> & LocatedProfile,
  viewer: LocatedProfile,
  isLiked: boolean,
  today = new Date(),
): PublicProfile {
  const view: Record<string, unknown> = {
    ...target,
    age: ageOf(target.date_of_birth ?? null, today),
    distance: shownDistance(
      { latitude: viewer.location_latitude, longitude: viewer.location_longitude },
      { latitude: target.location_latitude, longitude: target.location_longitude },
    ),
    is_liked: isLiked,
  };
  // The response schema drops these too; removing them here keeps the rule in one readable place.
  for (const field of HIDDEN_FROM_OTHERS) delete view[field];
  return view as PublicProfile;
}

interface LocatedProfile {
  date_of_birth?: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
}
