/** Country and state choices of the edit form, from /world_country_region.json, and the birth-date range. */
import { UNITED_STATES } from '../../../../../server/contract/profile-fields.ts';
import { MAX_AGE, MIN_AGE } from '../../../../../server/contract/profile-validation.ts';

export interface Region {
  country: string;
  name: string;
}

/** Distinct countries of the region file, United States first, then in the file's (A to Z) order. */
export function countryOptions(regions: readonly Region[], current?: string | null): string[] {
  const seen = new Set<string>([UNITED_STATES]);
  const countries = [UNITED_STATES];
  for (const { country } of regions) {
    if (!seen.has(country)) {
      seen.add(country);
      countries.push(country);
    }
  }
  // Keep a stored country the file does not list, so the select can show it.
  if (current && !seen.has(current)) countries.push(current);
  return countries;
}

/** The 50 states: the United States' regions in the file. */
export function stateOptions(regions: readonly Region[]): string[] {
  return regions.filter((r) => r.country === UNITED_STATES).map((r) => r.name);
}

const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** min/max of the date-of-birth input: born at most 100 and at least 18 years before today. */
export function birthDateRange(today: Date): { min: string; max: string } {
  const max = new Date(today.getFullYear() - MIN_AGE, today.getMonth(), today.getDate());
  // The day after the 101st birthday is the earliest date of someone still 100.
  const min = new Date(today.getFullYear() - MAX_AGE - 1, today.getMonth(), today.getDate() + 1);
  return { min: isoDate(min), max: isoDate(max) };
}
