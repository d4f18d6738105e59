import fc from 'fast-check';
import t from 'tap';
import { birthDateWindow } from './filters-age.ts';
import { ageFromDateOfBirth } from './profile-validation.ts';

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

t.test('a fixed day', async (t) => {
  t.same(birthDateWindow(30, new Date('2026-06-15T12:00:00Z')), { earliest: '1995-06-16', latest: '1996-06-15' });
});

t.test('a 29 February: born on the 28th has had the birthday, born on 1 March has not', async (t) => {
  t.same(birthDateWindow(0, new Date('2024-02-29T08:00:00Z')), { earliest: '2023-03-01', latest: '2024-02-29' });
  t.same(birthDateWindow(1, new Date('2024-02-29T08:00:00Z')), { earliest: '2022-03-01', latest: '2023-02-28' });
});

t.test('both ends show the age, and one day past either end does not', async (t) => {
  const today = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 120 }), today, (age, now) => {
      const { earliest, latest } = birthDateWindow(age, now);
      return (
        ageFromDateOfBirth(earliest, now) === age &&
        ageFromDateOfBirth(latest, now) === age &&
        ageFromDateOfBirth(dayBefore(earliest), now) === age + 1 &&
        ageFromDateOfBirth(dayAfter(latest), now) === age - 1
      );
    }),
  );
  t.pass('held for every sampled age and day');
});
