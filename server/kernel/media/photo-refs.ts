/**
 * How stored data refers to a photo: `media:<key>` (for example a profile's photo1_url). The
 * reference is never sent to a client as it is: on the way out every reference becomes a URL
 * signed for the member who asked and expiring soon (see media-urls.ts), so photos have no
 * guessable public path. Values that are not references (the seed's placeholder picture, a
 * public file of the client) pass through unchanged.
 */
import { assertObjectKey } from './keys.ts';

export const PHOTO_REF_PREFIX = 'media:';

export function photoRefOf(key: string): string {
  assertObjectKey(key);
  return `${PHOTO_REF_PREFIX}${key}`;
}

/** The media key a stored value refers to, or null when it is not a photo reference. */
export function keyOfPhotoRef(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(PHOTO_REF_PREFIX)) return null;
  return value.slice(PHOTO_REF_PREFIX.length);
}

/** The user whose media folder holds `key` (`users/<id>/...`), or null for any other key. */
export function ownerOfKey(key: string): number | null {
  const match = /^users\/([1-9][0-9]{0,15})\//.exec(key);
  return match ? Number(match[1]) : null;
}
