/** The media store entry: the interface, and the one place that picks an implementation. */
import type { Config } from '../config.ts';
import { LocalMediaStore } from './local-store.ts';
import { S3MediaStore, createS3Client } from './s3-store.ts';
import type { MediaStore } from './store.ts';

export type { MediaObject, MediaStore } from './store.ts';
export { memberMediaPrefix } from './store.ts';
export { deleteMediaQuietly } from './delete-quietly.ts';
export { MediaKeyError } from './keys.ts';
export { createMediaUrlSigner, type MediaGrant, MEDIA_URL_PATH, type MediaUrlSigner } from './signed-urls.ts';
export { keyOfPhotoRef, ownerOfKey, PHOTO_REF_PREFIX, photoRefOf } from './photo-refs.ts';
export { derivativeKeyOf, type DerivativeSize, originalKeyOf } from './upload-keys.ts';

export function createMediaStore(config: Pick<Config, 'mediaStore' | 'mediaDir' | 's3'>): MediaStore {
  if (config.mediaStore === 's3') {
    if (!config.s3) throw new Error('MEDIA_STORE is s3 but the S3 settings are missing');
    const { s3 } = config;
    const presigner = s3.publicEndpoint ? createS3Client(s3, s3.publicEndpoint) : undefined;
    return new S3MediaStore(createS3Client(s3), s3.bucket, presigner);
  }
  return new LocalMediaStore(config.mediaDir);
}
