/** Demo usernames: valid by the sign-up rules, unique without regard to case, and shaped like handles people pick. */
import t from 'tap';
import { usernameErrors } from '../contract/auth.ts';
import { firstNameFor, nameGroupOf } from './first-names.ts';
import { randomSource } from './random.ts';
import { handleOf, UsernameBook } from './usernames.ts';

/** A first name (letters) and one of the usual endings: `_R`, `94`, `_1994`, `R7`, `_r`, or `_R` plus digits when all were taken. */
const PLAUSIBLE_HANDLE = /^[A-Za-z]{2,}(_[A-Za-z]|\d{2}|_\d{4}|[A-Z]\d|_[A-Za-z]\d+)$/;

t.test('handles fold accents and spaces into username characters', async (t) => {
  t.equal(handleOf('José'), 'Jose');
  t.equal(handleOf('Ayşe'), 'Ayse');
  t.equal(handleOf('İrem'), 'Irem');
  t.equal(handleOf('Oğuz'), 'Oguz');
  t.equal(handleOf('John Paul'), 'JohnPaul');
  t.equal(handleOf('Min-jun'), 'Minjun');
  t.equal(handleOf('Étienne'), 'Etienne');
});

t.test('2,000 handles from a few common names: all valid, unique, plausible', async (t) => {
  const random = randomSource(9);
  const book = new UsernameBook();
  // Few names on purpose, so collisions happen and the fallbacks are exercised.
  const names = ['Amelia', 'José', 'Wei', 'Li', 'John Paul', 'Ayşe'];
  const handles = Array.from({ length: 2000 }, (_, i) => book.claim(random, names[i % names.length], 1970 + (i % 35)));
  t.same(
    handles.filter((h) => usernameErrors(h).length > 0),
    [],
    'every handle passes the username rules',
  );
  t.equal(new Set(handles.map((h) => h.toLowerCase())).size, handles.length, 'unique, case ignored');
  t.same(
    handles.filter((h) => !PLAUSIBLE_HANDLE.test(h)),
    [],
    'a name and a usual ending',
  );
  t.ok(handles.some((h) => h.startsWith('Amelia_')) && handles.some((h) => /^jose\d{2}$/.test(h)), 'several patterns in use');
});

t.test('first names follow gender, language, country and faith', async (t) => {
  const random = randomSource(4);
  t.equal(nameGroupOf('English', 'United States', 'Christian - Protestant'), 'english');
  t.equal(nameGroupOf('English', 'Nigeria', 'Christian - Catholic'), 'nigerian');
  t.equal(nameGroupOf('Hausa', 'Nigeria', 'Muslim - Sunni'), 'hausa');
  t.equal(nameGroupOf('India Languages', 'India', 'Muslim - Sunni'), 'urdu');
  t.equal(nameGroupOf('India Languages', 'India', 'Sikh'), 'punjabi');
  t.equal(nameGroupOf('Japanese', 'Japan', 'Buddhist'), 'japanese');
  const women = new Set(
    Array.from({ length: 200 }, () =>
      firstNameFor(random, { gender: 'Woman', native_language: 'Spanish', home_country: 'Mexico', religion: 'Christian - Catholic' }),
    ),
  );
  t.ok(women.has('María') || women.has('Sofía'), 'Spanish women’s names for a woman in Mexico');
  t.notOk(women.has('José'), 'never a man’s name');
});
