/**
 * What the uploader reads when moderation could not reach a verdict (as opposed to refusing the
 * photo, which reasons.ts words): the status route answers state 'error' with one of these.
 */
export const PROCESSING_FAILED_REASON = 'Upload processing failed. Please try another photo.';
export const UPLOAD_MISSING_REASON = 'The photo did not arrive. Please upload it again.';
