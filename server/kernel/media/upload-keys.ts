/**
 * Where an upload's files live in the media store. The API writes the original; the moderation worker writes the three derivatives beside it; deleting the photo
 * or the account removes them all, as they sit under the member's own prefix.
 */
export type DerivativeSize = 'thumbnail' | 'preview' | 'full';

const uploadFolder = (userId: number, uploadId: string): string => `users/${userId}/uploads/${uploadId}`;

export const originalKeyOf = (userId: number, uploadId: string): string => `${uploadFolder(userId, uploadId)}/original`;
export const derivativeKeyOf = (userId: number, uploadId: string, size: DerivativeSize): string =>
  `${uploadFolder(userId, uploadId)}/${size}.jpg`;
