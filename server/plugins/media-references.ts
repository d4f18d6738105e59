/**
 * Stored photo references (`media:<key>`) never leave the server as they are: just before a
 * response is serialised, every reference in it becomes a URL signed for the member who asked,
 * expiring within two hours. One hook for every route, so a new response that carries a photo
 * cannot forget to sign it, and no response can reveal a storage key. Without a signed-in
 * member there is nobody to sign for, and the reference becomes null.
 *
 * Only the fields that hold photos are looked at: a member's own text that happens to read
 * `media:...` (a chat message, a free-text answer) stays text and is never signed.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { keyOfPhotoRef, type MediaUrlSigner } from '../kernel/media/index.ts';

type Resolve = (key: string) => string | null;

/** Every response field that carries a photo. */
export const PHOTO_FIELD_NAMES: ReadonlySet<string> = new Set([
  'photo1_url',
  'photo2_url',
  'photo3_url',
  'photo4_url',
  'photo5_url',
  'photo_url',
  'photo_thumbnail_url',
  'thumbnail',
  'preview',
  'full',
  'blob_url',
]);

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of `value` with the reference in every photo field resolved; untouched parts are
 * shared, not copied.
 */
export function resolveReferences(value: unknown, resolve: Resolve): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = resolveReferences(item, resolve);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    let out: Record<string, unknown> | null = null;
    for (const [name, item] of Object.entries(value)) {
      const next = PHOTO_FIELD_NAMES.has(name) ? resolveField(item, resolve) : resolveReferences(item, resolve);
      if (next !== item) {
        out ??= { ...value };
        out[name] = next;
      }
    }
    return out ?? value;
  }
  return value;
}

function resolveField(value: unknown, resolve: Resolve): unknown {
  const key = keyOfPhotoRef(value);
  return key === null ? value : resolve(key);
}

export function resolverFor(request: FastifyRequest, signer: MediaUrlSigner): Resolve {
  const viewer = request.member?.userId;
  return viewer ? (key) => signer.sign(key, viewer) : () => null;
}

export default fp(
  async (app) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      // A walk that allocates nothing unless it finds a reference.
      return resolveReferences(payload, resolverFor(request, app.mediaUrls));
    });
  },
  { name: 'media-references', dependencies: ['context'] },
);
