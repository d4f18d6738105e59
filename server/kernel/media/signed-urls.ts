/**
 * Signed, expiring photo URLs. Photos are for members only, yet an <img> cannot send the
 * Authorization header, so the URL itself carries the permission: which media key, for which
 * viewer, until when, sealed with an HMAC. The media route checks the seal and the expiry and
 * then asks the database whether the owner is still visible to that viewer, so a block ends
 * access at once even to URLs handed out earlier.
 *
 * The expiry is rounded to the hour (a URL lives one to two hours), so a photo keeps the same
 * URL for an hour and browsers and service workers can cache it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertObjectKey } from './keys.ts';

export const MEDIA_URL_PATH = '/api/v1/media/';
const WINDOW_SECONDS = 3600;
const VERSION = 'm1';

export interface MediaGrant {
  key: string;
  viewerUserId: number;
  /** Unix seconds. */
  expires: number;
}

export interface MediaUrlSigner {
  /** The URL path (same origin) that serves `key` to `viewerUserId`. */
  sign(key: string, viewerUserId: number, now?: Date): string;
  /** The grant a token carries, or null when it is malformed or its seal is wrong (expiry not checked). */
  open(token: string): MediaGrant | null;
}

const toBase64Url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function createMediaUrlSigner(secret: string): MediaUrlSigner {
  // A key of its own, derived from the app secret, so a media seal can never pass for a token seal.
  const key = createHmac('sha256', secret).update('betroth/media-urls/v1').digest();
  const seal = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(mediaKey, viewerUserId, now = new Date()) {
      assertObjectKey(mediaKey);
      const expires = (Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      const payload = toBase64Url(`${VERSION}|${viewerUserId}|${expires}|${mediaKey}`);
      return `${MEDIA_URL_PATH}${payload}.${toBase64Url(seal(payload))}`;
    },
    open(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = seal(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [version, viewer, expires, ...keyParts] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
      const mediaKey = keyParts.join('|');
      if (version !== VERSION || !/^[1-9][0-9]{0,15}$/.test(viewer ?? '') || !/^[1-9][0-9]{0,11}$/.test(expires ?? '')) return null;
      return { key: mediaKey, viewerUserId: Number(viewer), expires: Number(expires) };
    },
  };
}
