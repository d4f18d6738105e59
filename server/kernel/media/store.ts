/**
 * Where photos live: one small interface, two implementations (local disk under MEDIA_DIR for
 * the embedded default, an S3-compatible object store in production), so the API and the
 * workers of several instances share the same media and nothing else knows which one it is.
 *
 * Keys are paths such as `users/<userId>/uploads/<uploadId>/original`; a member's media all
 * live under `users/<userId>/`, so deleting an account removes one prefix.
 */
export interface MediaObject {
  body: Buffer;
  contentType: string;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<MediaObject | null>;
  /** Size in bytes, or null when there is no such object (checks an upload arrived). */
  size(key: string): Promise<number | null>;
  /** Missing keys are fine: deleting is idempotent. */
  delete(keys: readonly string[]): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL the client PUTs the original to directly (object store), valid for `expiresSeconds`
   * and only for that content type and length; null when uploads come through the API (disk).
   */
  presignPut(key: string, contentType: string, contentLength: number, expiresSeconds: number): Promise<string | null>;
}

/** The media of one member, deleted with the account. */
export const memberMediaPrefix = (userId: number): string => `users/${userId}/`;
