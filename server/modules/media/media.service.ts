/**
 * Serving a photo behind a signed URL: the seal and the expiry say the URL was handed to this
 * viewer recently; the database then says whether the owner is still visible to them (the
 * account exists, the profile is complete, no block either way). The member's own photos are
 * always theirs to see. A chat photo is narrower still: only the two members of its match, while
 * the match exists (its owner alone before it is sent), whatever URL anyone else holds. Every
 * refusal but an expired link looks the same as a missing photo.
 */
import type { Db } from '../../kernel/db/client.ts';
import { forbidden, notFound } from '../../kernel/errors.ts';
import { type MediaStore, type MediaUrlSigner, ownerOfKey } from '../../kernel/media/index.ts';
import { findMember, isVisibleTo } from '../members/index.ts';
import { chatPhotoAudience } from './media.queries.ts';
import { isServableKey, MAX_CACHE_SECONDS, MEDIA_MESSAGES, uploadIdOfKey } from './media.rules.ts';

export interface MediaDeps {
  db: Db;
  media: MediaStore;
  mediaUrls: MediaUrlSigner;
}

export interface ServedPhoto {
  body: Buffer;
  contentType: string;
  cacheSeconds: number;
}

async function ownerVisibleToViewer(db: Db, ownerUserId: number, viewerUserId: number): Promise<boolean> {
  const viewer = await findMember(db, { userId: viewerUserId });
  if (!viewer) return false;
  if (ownerUserId === viewerUserId) return true;
  const owner = await findMember(db, { userId: ownerUserId });
  return owner !== undefined && (await isVisibleTo(db, viewer, owner));
}

/** A chat photo's audience first (it overrides the owner's own access too), then visibility. */
async function mayView(db: Db, key: string, ownerUserId: number, viewerUserId: number): Promise<boolean> {
  const uploadId = uploadIdOfKey(key);
  const audience = uploadId === null ? undefined : await chatPhotoAudience(db, uploadId, ownerUserId);
  if (audience !== undefined && !audience.includes(viewerUserId)) return false;
  return ownerVisibleToViewer(db, ownerUserId, viewerUserId);
}

export async function servePhoto(deps: MediaDeps, token: string, now = new Date()): Promise<ServedPhoto> {
  const grant = deps.mediaUrls.open(token);
  if (!grant || !isServableKey(grant.key)) throw notFound(MEDIA_MESSAGES.notFound);
  const secondsLeft = grant.expires - Math.floor(now.getTime() / 1000);
  if (secondsLeft <= 0) throw forbidden(MEDIA_MESSAGES.expired);
  const owner = ownerOfKey(grant.key);
  if (owner === null || !(await mayView(deps.db, grant.key, owner, grant.viewerUserId))) throw notFound(MEDIA_MESSAGES.notFound);
  const object = await deps.media.get(grant.key);
  if (!object) throw notFound(MEDIA_MESSAGES.notFound);
  return { body: object.body, contentType: 'image/jpeg', cacheSeconds: Math.min(secondsLeft, MAX_CACHE_SECONDS) };
}
