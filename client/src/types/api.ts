/** Response shapes the client relies on. A profile's fields are typed from the shared catalogue. */
import type { ProfileFieldValues } from '../../../server/contract/profile-fields.ts';

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
  /** Photo 1 passed review and matched a live face scan. */
  verified?: boolean;
  chats?: number;
  location_latitude?: number | null;
  location_longitude?: number | null;
};

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
