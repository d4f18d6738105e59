/**
 * Every reason the pipeline gives for refusing a photo, in words the uploader can act on. The
 * handler stores the code and shows the message; nothing else invents rejection wording.
 */
import { MIN_SIDE } from './limits.ts';

export const REJECTION_REASONS = {
  not_an_image: 'This file is not a photo (JPEG, PNG, WebP or HEIC).',
  damaged: 'The photo is damaged or incomplete.',
  too_small: `The photo is too small: use one at least ${MIN_SIDE} pixels on each side.`,
  too_large: 'The photo is too large to process.',
  timed_out: 'The photo took too long to process. Try another one.',
  moderation: 'Photo was rejected by moderation',
} as const;

export type RejectionCode = keyof typeof REJECTION_REASONS;

/**
 * Shown when a content check refuses a photo and its own wording is not for display: always for
 * chat photos, where it could describe the picture inside a conversation.
 */
export const DEFAULT_MODERATION_REASON = REJECTION_REASONS.moderation;
