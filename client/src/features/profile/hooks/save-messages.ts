/** The toasts of a profile save and of an account deletion. */

export const PRODUCT_NAME = 'Betroth';
export const SAVE_FAILED = 'Failed to update profile';
export const DELETE_SUCCEEDED = 'Account deleted successfully';
export const DELETE_FAILED = 'Failed to delete account. Please try again.';

export function savedMessage(completeness: { is_complete: boolean; missing_fields?: string[] }): string {
  if (completeness.is_complete) return `Profile completed successfully! Welcome to ${PRODUCT_NAME}!`;
  return `Progress saved! ${completeness.missing_fields?.length ?? 0} required field(s) remaining`;
}

/** The errors map of a 400, if the body has one: field -> messages. */
export function errorsMap(body: unknown): Record<string, string[]> | null {
  if (!body || typeof body !== 'object') return null;
  const errors = (body as Record<string, unknown>).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const map: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m) => m !== null && m !== undefined);
    map[field] = list.map(String);
  }
  return Object.keys(map).length > 0 ? map : null;
}

/** One toast per field ('field: messages'), else the server's error or detail, else the fallback. */
export function saveErrorMessages(body: unknown): string[] {
  const map = errorsMap(body);
  if (map) return Object.entries(map).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
  if (body && typeof body === 'object') {
    for (const key of ['error', 'detail'] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') return [value];
    }
  }
  return [SAVE_FAILED];
}
