/**
 * Which stored files a signed URL may ever serve: the re-encoded derivatives of an approved
 * upload and the demo portraits. Never an original (it still carries the camera's EXIF and GPS
 * position) or a face scan, whatever a URL claims.
 */
export const SERVABLE_KEY =
  /^users\/[1-9][0-9]{0,15}\/(?:uploads\/[0-9a-f-]{36}\/(?:thumbnail|preview|full)\.jpg|demo\/[a-z0-9-]{1,40}\.jpg)$/;

export const isServableKey = (key: string): boolean => SERVABLE_KEY.test(key);

/** The upload (a UUID, so the database can look it up) a derivative belongs to; null for a demo portrait. */
export function uploadIdOfKey(key: string): string | null {
  return /^users\/[1-9][0-9]{0,15}\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//.exec(key)?.[1] ?? null;
}

export const MEDIA_MESSAGES = {
  notFound: 'Photo not found.',
  expired: 'This photo link has expired. Reload the page to get a new one.',
} as const;

/** Longest a browser may keep a served photo without asking again. */
export const MAX_CACHE_SECONDS = 3600;
