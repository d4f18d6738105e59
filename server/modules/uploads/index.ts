/** The uploads module's public entry: what an upload may be and where its original is kept. */
export { IMAGE_CONTENT_TYPES, MAX_UPLOAD_BYTES, originalKeyOf, UPLOAD_MESSAGES } from './uploads.rules.ts';
export { UploadParams } from './uploads.schemas.ts';
export { lockOwnUpload } from './uploads.queries.ts';
export { type ClaimedChatPhoto, claimChatPhoto } from './chat-photos.ts';
