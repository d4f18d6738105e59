/** The birth-date range of the edit form (its country and state choices come from config/locations.ts). */
import { MAX_AGE, MIN_AGE } from '@contract/profile-validation.ts';

const isoDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** min/max of the date-of-birth input: born at most 100 and at least 18 years before today. */
export function birthDateRange(today: Date): { min: string; max: string } {
  const max = new Date(today.getFullYear() - MIN_AGE, today.getMonth(), today.getDate());
  // The day after the 101st birthday is the earliest date of someone still 100.
  const min = new Date(today.getFullYear() - MAX_AGE - 1, today.getMonth(), today.getDate() + 1);
  return { min: isoDate(min), max: isoDate(max) };
}
