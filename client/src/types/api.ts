/** Response shapes the client relies on. A profile's fields are typed from the shared catalogue. */
import type { ProfileFieldValues } from '@contract/profile-fields.ts';

/**
 * A profile as the API returns it: every catalogue field (another member's profile lacks the
 * private ones, hence optional), plus what the server adds around them.
 */
export type Profile = Partial<ProfileFieldValues> & {
  id: number;
  user_id?: number;
  age?: number | null;
  email?: string;
  distance?: number | null;
  is_liked?: boolean;
  /** The viewer's match with this profile (a single profile's view only); null without one. */
  match_id?: number | null;
  /** Photo 1 passed review and matched a live face scan. */
  verified?: boolean;
  chats?: number;
  /** Own profile only: where photo 1 stands with the badge (the server's photoVerification). */
  photo_verification?: PhotoVerification;
  /** Own profile only: the approved photo 1 upload, to bind a face scan to it later. */
  photo1_upload_id?: string | null;
  location_latitude?: number | null;
  location_longitude?: number | null;
};

/**
 * none: no photo 1; unverified: photo 1 without a matching face scan (it can be verified later);
 * pending_review: the scan matched, a person reviews it before the badge shows; verified.
 */
export type PhotoVerification = 'none' | 'unverified' | 'pending_review' | 'verified';

/** The five photo slots, by number. */
export const photoUrlOf = (profile: Profile, slot: number): string | null | undefined =>
  profile[`photo${slot}_url` as `photo${1 | 2 | 3 | 4 | 5}_url`];

export interface AuthResult {
  user: number | string;
  username?: string;
  email?: string;
  token: string;
}

export interface Completeness {
  completion_percentage?: number;
  is_complete: boolean;
  missing_fields?: string[];
}

export interface LikeResult {
  match_created?: boolean;
  match_id?: number | string | null;
}

export function profilePhotos(profile: Profile, max = 5): string[] {
  const photos: string[] = [];
  for (let i = 1; i <= 5 && photos.length < max; i++) {
    const url = photoUrlOf(profile, i);
    if (typeof url === 'string' && url) photos.push(url);
  }
  return photos;
}
