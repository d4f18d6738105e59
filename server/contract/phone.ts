/**
 * Phone numbers are stored as '+' and digits, so '+1 (555) 010-2030' and '+15550102030' are
 * the same account key. Returns null for anything that is not a plausible phone number.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[0-9 ()\-.]{7,25}$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return `+${digits}`;
}
