/** Pure display helpers. Unit conversions come from the shared contract. */
import { cmToInches, formatDistance as contractFormatDistance, formatHeight, poundsOf } from '@contract/units.ts';

export const NA = 'N/A';

/** Whole years between a YYYY-MM-DD date of birth and `today`; null when unreadable. */
export function ageFromDateOfBirth(dateOfBirth: string | null | undefined, today: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let age = today.getFullYear() - year;
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** The age field if present, else computed from date_of_birth. */
export function profileAge(profile: { age?: number | null; date_of_birth?: string | null }, today?: Date): number | null {
  if (typeof profile.age === 'number') return profile.age;
  return ageFromDateOfBirth(profile.date_of_birth, today);
}

/** '{mi} mi ({km} km) away', rounded to whole units; null when no distance. */
export function formatDistance(miles: number | null | undefined): string | null {
  if (miles === null || miles === undefined || !Number.isFinite(Number(miles))) return null;
  return contractFormatDistance(Number(miles));
}

/** Inches as feet and inches: 70 -> 5' 10". */
export const formatFeetInches = formatHeight;

/** Height is stored in cm; discovery shows feet and inches. */
export function formatHeightCm(cm: number | null | undefined): string {
  if (cm === null || cm === undefined || !Number.isFinite(Number(cm)) || Number(cm) <= 0) return NA;
  return formatHeight(cmToInches(Number(cm)));
}

/** Weight is stored in kg and shown in lbs: the member's own pounds when they typed pounds (poundsOf). */
export function formatWeightKg(kg: number | null | undefined, typedLb?: number | null): string {
  if (kg === null || kg === undefined || !Number.isFinite(Number(kg)) || Number(kg) <= 0) return NA;
  return `${poundsOf(Number(kg), typedLb)} lbs`;
}

/** '$1,234.00'; N/A when missing. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NA;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return NA;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Face self rating as the detail screen shows it: out of 10. The fixed values end with 15, a
 * member's claim to be beyond the scale, so '15/10' would read like a mistake: it reads
 * 'Off the scale (15)' instead.
 */
export function formatFaceRating(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NA;
  const rating = Number(value);
  if (Number.isFinite(rating) && rating > 10) return `Off the scale (${value})`;
  return `${value}/10`;
}

export function orNA(value: unknown): string {
  if (value === null || value === undefined || value === '') return NA;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Full date, 'Invalid date' when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NA;
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function initialOf(name: string | null | undefined): string {
  return (name?.trim()[0] ?? 'U').toUpperCase();
}

export function creditsLabel(count: number): string {
  return `${count} ${count === 1 ? 'credit' : 'credits'}`;
}
