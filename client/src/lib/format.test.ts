import t from 'tap';
import {
  ageFromDateOfBirth,
  creditsLabel,
  formatDate,
  formatDistance,
  formatFaceRating,
  formatHeightCm,
  formatMoney,
  formatWeightKg,
  initialOf,
  orNA,
  profileAge,
} from './format.ts';

const today = new Date(2026, 10, 21); // 21 November 2026

t.test('age from date of birth', async (t) => {
  t.equal(ageFromDateOfBirth('1990-11-21', today), 36, 'birthday today counts');
  t.equal(ageFromDateOfBirth('1990-11-22', today), 35, 'birthday tomorrow does not');
  t.equal(ageFromDateOfBirth('2008-02-29', today), 18);
  t.equal(ageFromDateOfBirth('1990-01-01T00:00:00Z', today), 36);
  t.equal(ageFromDateOfBirth('', today), null);
  t.equal(ageFromDateOfBirth('not a date', today), null);
  t.equal(ageFromDateOfBirth(null, today), null);
  t.equal(ageFromDateOfBirth('2030-01-01', today), null, 'future dates have no age');
});

t.test('profileAge prefers age, else computes it', async (t) => {
  t.equal(profileAge({ age: 30, date_of_birth: '1990-01-01' }, today), 30);
  t.equal(profileAge({ age: null, date_of_birth: '1990-01-01' }, today), 36);
  t.equal(profileAge({}, today), null);
});

t.test('distance is rounded miles and km', async (t) => {
  t.equal(formatDistance(12.4), '12 mi (20 km) away');
  t.equal(formatDistance(0), '0 mi (0 km) away');
  t.equal(formatDistance(100), '100 mi (161 km) away');
  t.equal(formatDistance(null), null);
  t.equal(formatDistance(undefined), null);
});

t.test('units, money, rating, N/A', async (t) => {
  t.equal(formatHeightCm(178), `5' 10"`);
  t.equal(formatHeightCm(null), 'N/A');
  t.equal(formatWeightKg(70), '154 lbs');
  t.equal(formatWeightKg(undefined), 'N/A');
  t.equal(formatWeightKg(61), '134 lbs', 'weighed in kilograms: converted');
  t.equal(formatWeightKg(61, 135), '135 lbs', 'the pounds the member typed');
  t.equal(formatWeightKg(70, 135), '154 lbs', 'pounds that no longer fit are not shown');
  t.equal(formatMoney(1234), '$1,234.00');
  t.equal(formatMoney('5000.5'), '$5,000.50');
  t.equal(formatMoney(null), 'N/A');
  t.equal(formatFaceRating(8), '8/10');
  t.equal(formatFaceRating(10), '10/10');
  t.equal(formatFaceRating(15), 'Off the scale (15)', 'the top value is beyond the 10 scale, never 15/10');
  t.equal(formatFaceRating('15'), 'Off the scale (15)');
  t.equal(formatFaceRating(null), 'N/A');
  t.equal(orNA(''), 'N/A');
  t.equal(orNA(true), 'Yes');
  t.equal(orNA('Single'), 'Single');
  t.equal(formatDate('garbage'), 'Invalid date');
});

t.test('menu footer helpers', async (t) => {
  t.equal(creditsLabel(1), '1 credit');
  t.equal(creditsLabel(0), '0 credits');
  t.equal(creditsLabel(3), '3 credits');
  t.equal(initialOf('anna'), 'A');
  t.equal(initialOf(undefined), 'U');
});
