/**
 * The face queue's pure rules: its key, the outcomes in words, the body sent, the sentences, and
 * the cached page after a decision. No React (face-review.test.ts).
 */
import { apiPaths } from '@/config/paths.ts';
import type { FaceDecisionBody, FaceOutcome, FacePage } from '../api/types.ts';

/** Items shown at once: decided ones leave, so the next come into view without paging. */
export const FACE_PAGE_SIZE = 50;
export const FACE_QUEUE_KEY = `${apiPaths.moderationFaces}?limit=${FACE_PAGE_SIZE}`;

export const FACE_OUTCOMES: readonly FaceOutcome[] = ['distinct', 'same_person'];

export const FACE_OUTCOME_LABELS: Readonly<Record<FaceOutcome, string>> = {
  distinct: 'Different people: grant the badge',
  same_person: 'Same person on two accounts: no badge',
};

export const FACE_OUTCOME_REQUIRED = 'Choose whether these are different people or the same person.';
export const FACE_REASON_REQUIRED = 'Give a reason for the decision.';

export const faceBody = (outcome: FaceOutcome, reason: string): FaceDecisionBody => ({ outcome, reason: reason.trim() });

/** What the status line says once a match is decided; `name` is the account whose print it was. */
export function faceDecidedSentence(name: string, outcome: FaceOutcome): string {
  return outcome === 'distinct'
    ? `Decided: ${name} and the matched account are different people. ${name} gets the badge.`
    : `Decided: ${name} is the same person as the matched account. No badge.`;
}

/** The status line under the list. */
export function faceCountText(shown: number, more: boolean): string {
  if (shown === 0) return 'No face matches are waiting.';
  const matches = `${shown} ${shown === 1 ? 'face match' : 'face matches'}`;
  return more ? `Showing the oldest ${matches}; more are waiting.` : `Showing ${matches}, all that are waiting.`;
}

/** The cached page once a print is decided: it leaves at once, before the page is read again. */
export function withoutFace(page: FacePage | undefined, userId: number): FacePage | undefined {
  if (!page) return undefined;
  return { ...page, items: page.items.filter((item) => item.user_id !== userId) };
}
