/**
 * The uploads module's public entry: what an upload may be and where its original is kept, an
 * upload for a chat message, and the moderation verdicts the photo-moderation worker records
 * (the upload state machine stays in this module).
 */
export { IMAGE_CONTENT_TYPES, MAX_UPLOAD_BYTES, originalKeyOf, UPLOAD_MESSAGES } from './uploads.rules.ts';
export { UploadParams } from './uploads.schemas.ts';
export { lockOwnUpload } from './uploads.queries.ts';
export { type ClaimedChatPhoto, claimChatPhoto } from './chat-photos.ts';
export { type ChatPhoto, chatPhotosOf, deleteUploads } from './chat-photo-cleanup.queries.ts';
export * as moderation from './moderation.queries.ts';
