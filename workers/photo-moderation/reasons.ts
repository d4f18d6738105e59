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

/**
 * Why a content check refused a photo, by rule. Shown on profile photos; chat photos show
 * DEFAULT_MODERATION_REASON instead, whatever the rule.
 */
export const CONTENT_CHECK_REASONS = {
  nudity: 'This photo seems to show nudity or sexual content, which is not allowed. Choose another photo.',
  no_face: 'We could not find a face in this photo. Use one where your face is clearly visible and facing the camera.',
  more_than_one_face:
    'Your first photo must show only you. Choose one with just your face in it; group photos can go in your other photos.',
  different_person: 'Your first photo does not seem to show the person in your face scan. Use a recent, clear photo of your own face.',
} as const;

export type ContentCheckRule = keyof typeof CONTENT_CHECK_REASONS;
