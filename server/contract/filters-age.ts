/**
 * Ages as dates of birth, on the UTC calendar as ageFromDateOfBirth counts them. The age filter
 * becomes a date-of-birth range the discovery index can scan, and generated members get a birth
 * date that shows the age they were drawn with: both ask this one function.
 */

const isoDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/**
 * 'YYYY-MM-DD' bounds of the dates of birth of someone exactly `age` today: from the day after
 * their (age+1)th birthday would fall, through their age-th birthday.
 */
export function birthDateWindow(age: number, today: Date): { earliest: string; latest: string } {
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
  return { earliest: isoDay(year - age - 1, month, day + 1), latest: isoDay(year - age, month, day) };
}
