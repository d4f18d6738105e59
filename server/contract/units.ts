/**
 * Unit conversions and display formats.
 * Profiles store metric (cm, kg); discovery shows and filters in inches, lbs and miles.
 *
 * The plain conversions are exact so the server can compare without rounding drift
 * (a 'weight up to 150 lbs' filter compares kg * 2.20462 <= 150). The form helpers round to
 * whole numbers, because the edit form takes and shows whole numbers.
 */

export const CM_PER_INCH = 2.54;
export const LBS_PER_KG = 2.20462;
export const KM_PER_MILE = 1.60934;
export const INCHES_PER_FOOT = 12;

export const cmToInches = (cm: number): number => cm / CM_PER_INCH;
export const inchesToCm = (inches: number): number => inches * CM_PER_INCH;
export const kgToLbs = (kg: number): number => kg * LBS_PER_KG;
export const lbsToKg = (lbs: number): number => lbs / LBS_PER_KG;
export const milesToKm = (miles: number): number => miles * KM_PER_MILE;
export const kmToMiles = (km: number): number => km / KM_PER_MILE;

/** Edit form, imperial mode: whole cm to feet and inches (inches 0..11). */
export function cmToFeetAndInches(cm: number): { feet: number; inches: number } {
  const total = Math.round(cmToInches(cm));
  return { feet: Math.floor(total / INCHES_PER_FOOT), inches: total % INCHES_PER_FOOT };
}

/** Edit form, imperial mode: feet and inches to the stored whole cm. */
export function feetAndInchesToCm(feet: number, inches: number): number {
  return Math.round(inchesToCm(feet * INCHES_PER_FOOT + inches));
}

/** Edit form, imperial mode: lbs typed by the member to the stored whole kg, and back. */
export const lbsToWholeKg = (lbs: number): number => Math.round(lbsToKg(lbs));
export const kgToWholeLbs = (kg: number): number => Math.round(kgToLbs(kg));

/**
 * The pounds a stored weight is shown in. Whole kilograms cannot hold every whole pound (135 lb
 * is 61.2 kg, and 61 kg is 134.5 lb), so the pounds a member typed are kept beside the kilograms
 * (`weight_lb`) and shown as long as they still describe the stored kilograms; otherwise, or
 * without them, the kilograms are converted.
 */
export function poundsOf(kg: number, typedLb: number | null | undefined): number {
  if (typeof typedLb === 'number' && Number.isInteger(typedLb) && lbsToWholeKg(typedLb) === Math.round(kg)) return typedLb;
  return kgToWholeLbs(kg);
}

/** '12 mi (19 km) away'. Whole numbers only: members must not be located precisely. */
export function formatDistance(miles: number): string {
  return `${Math.round(miles)} mi (${Math.round(milesToKm(miles))} km) away`;
}

/** 5' 7" from inches (rounded to the inch first, so 66.9 gives 5' 7"). */
export function formatHeight(inches: number): string {
  const total = Math.round(inches);
  return `${Math.floor(total / INCHES_PER_FOOT)}' ${total % INCHES_PER_FOOT}"`;
}
