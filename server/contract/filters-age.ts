/**
 * Ages as dates of birth, on the UTC calendar as ageFromDateOfBirth counts them. The age filter
 * becomes a date-of-birth range the discovery index can scan, and generated members get a birth
 * date that shows the age they were drawn with: both ask this one function.
 */

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * This calendar day `years` years earlier; a 29 February that year lacks becomes the 28th,
 * because someone born on the 28th has had their birthday by the 29th and someone born on
 * 1 March has not.
 */
function sameDayYearsBefore(today: Date, years: number): Date {
  const [year, month, day] = [today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()];
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastOfMonth)));
}

/**
 * 'YYYY-MM-DD' bounds of the dates of birth of someone exactly `age` today: from the day after
 * the last birth date that is already `age + 1`, through the last birth date that is `age`.
 */
export function birthDateWindow(age: number, today: Date): { earliest: string; latest: string } {
  const olderBoundary = sameDayYearsBefore(today, age + 1);
  const earliest = new Date(olderBoundary.getTime() + 86_400_000);
  return { earliest: isoDay(earliest), latest: isoDay(sameDayYearsBefore(today, age)) };
}
