/** What every list of other members shows alike. */
import { ageFromDateOfBirth } from '../../contract/profile-validation.ts';

/** Whole years from a date of birth (UTC today), null when unknown. */
export function ageOf(dateOfBirth: string | null, today: Date): number | null {
  if (!dateOfBirth) return null;
  const age = ageFromDateOfBirth(dateOfBirth, today);
  return Number.isNaN(age) ? null : age;
}
