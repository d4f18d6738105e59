/** The toasts of a profile save and of an account deletion. */
import { PROFILE_FIELD_BY_NAME } from '@contract/profile-fields.ts';
import { fieldErrorsOf } from '@/lib/api-errors.ts';

export const PRODUCT_NAME = 'Betroth';
export const SAVE_FAILED = 'Failed to update profile';
export const DELETE_SUCCEEDED = 'Account deleted successfully';
export const DELETE_FAILED = 'Failed to delete account. Please try again.';

export function savedMessage(completeness: { is_complete: boolean; missing_fields?: string[] }): string {
  if (completeness.is_complete) return `Profile completed successfully! Welcome to ${PRODUCT_NAME}!`;
  return `Progress saved! ${completeness.missing_fields?.length ?? 0} required field(s) remaining`;
}

/** The errors map of a 400, if the body has one: field -> messages. */
export const errorsMap = fieldErrorsOf;

/**
 * The field as the form labels it ('home_city' is 'City'), so a toast names the field in words
 * the member saw; a name the catalogue does not know is spelled out ('photo_1' -> 'Photo 1').
 */
export function fieldLabel(name: string): string {
  const label = PROFILE_FIELD_BY_NAME.get(name)?.label;
  if (label) return label;
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One toast per field ('Field: messages'), else the server's error or detail, else the fallback. */
export function saveErrorMessages(body: unknown): string[] {
  const map = errorsMap(body);
  if (map) return Object.entries(map).map(([field, messages]) => `${fieldLabel(field)}: ${messages.join(', ')}`);
  if (body && typeof body === 'object') {
    for (const key of ['error', 'detail'] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') return [value];
    }
  }
  return [SAVE_FAILED];
}
