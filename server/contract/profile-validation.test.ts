import t from 'tap';
import { AUTH_MESSAGES } from './auth.ts';
import {
  PROFILE_MESSAGES,
  ageFromDateOfBirth,
  cleanProfilePatch,
  computeCompleteness,
  normaliseProfilePhone,
} from './profile-validation.ts';

const TODAY = new Date('2026-11-21T12:00:00Z');
const clean = (input: Record<string, unknown>) => cleanProfilePatch(input, TODAY);

t.test('alias fields are dropped silently', async (t) => {
  const r = clean({
    city: 'Austin',
    state: 'Texas',
    country: 'United States',
    homeCity: 'x',
    homeState: 'y',
    homeCountry: 'z',
    home_city: 'Austin',
  });
  t.same(r, { values: { home_city: 'Austin' }, errors: {} });
});

t.test('empty string and undefined become null', async (t) => {
  const r = clean({ tattoos: '', religion: undefined, height: '', phone: '  ', yacht_owner: null, home_state: '' });
  t.same(r.errors, {});
  t.same(r.values, { tattoos: null, religion: null, height: null, phone: null, yacht_owner: null, home_state: null });
});

t.test('unknown and read-only fields', async (t) => {
  const r = clean({ favourite_colour: 'blue', age: 30, chats: 99, photo1_url: 'x', email: 'a@b.co', id: 1 });
  t.same(r.values, {});
  t.same(r.errors.favourite_colour, [PROFILE_MESSAGES.unknownField]);
  t.same(r.errors.favourite_colour, ['Unknown field']);
  for (const name of ['age', 'chats', 'photo1_url', 'email', 'id']) {
    t.same(r.errors[name], ['This field cannot be changed'], name);
  }
});

t.test('multi-select: a list of options, or one string of options split on commas and trimmed', async (t) => {
  const r = clean({
    pets_at_home: ' Dog(s) , Cat(s),, ',
    piercings: ['Ear piercing(s)', 'Nose piercing', 'Ear piercing(s)'],
    desired_ceremony: [],
  });
  t.same(r.errors, {});
  t.same(r.values, {
    pets_at_home: ['Dog(s)', 'Cat(s)'],
    piercings: ['Ear piercing(s)', 'Nose piercing'],
    desired_ceremony: null,
  });
});

t.test('multi-select: a list holds the options themselves', async (t) => {
  t.same(clean({ piercings: ['Ear piercing(s)', ''] }).errors.piercings, ["'' is not one of the choices"]);
  t.same(clean({ piercings: [' Nose piercing'] }).errors.piercings, ["' Nose piercing' is not one of the choices"]);
  t.same(clean({ piercings: [null] }).errors.piercings, ["'null' is not one of the choices"]);
  t.same(clean({ pets_at_home: [['Fish']] }).errors.pets_at_home, ["'Fish' is not one of the choices"]);
});

t.test('multi-select rejects unknown options, non-lists and a combined none value', async (t) => {
  const r = clean({ tattoos: 'Dragon', pets_at_home: 42, cosmetic_surgeries: 'No cosmetic surgery, Nose surgery' });
  t.same(r.values, {});
  t.same(r.errors.tattoos, ["'Dragon' is not one of the choices"]);
  t.same(r.errors.pets_at_home, [PROFILE_MESSAGES.notList]);
  t.same(r.errors.cosmetic_surgeries, ["'No cosmetic surgery' cannot be combined with other choices"]);
});

t.test('select values must be options, verbatim', async (t) => {
  const r = clean({ religion: 'Christian - Catholic', education: 'PhD', gender: 'Man', kids_at_home: '7+', debts_total: 'Up to $5,000' });
  t.same(r.values, { religion: 'Christian - Catholic', gender: 'Man', kids_at_home: '7+', debts_total: 'Up to $5,000' });
  t.same(r.errors, { education: ["'PhD' is not one of the choices"] });
  t.same(clean({ gender: 'man' }).errors.gender, ["'man' is not one of the choices"], 'case matters');
  t.same(clean({ gender: ' Man' }).errors.gender, ["' Man' is not one of the choices"], 'spaces matter');
  t.same(clean({ kids_at_home: 1 }).errors.kids_at_home, ["'1' is not one of the choices"], 'a number is not the text option');
  t.same(clean({ gender: ['Man'] }).errors.gender, ["'Man' is not one of the choices"], 'a list is not one choice');
});

t.test('face self rating accepts the fixed numbers only', async (t) => {
  t.same(clean({ face_self_rating: 8 }).values, { face_self_rating: 8 });
  t.same(clean({ face_self_rating: 15 }).values, { face_self_rating: 15 });
  t.same(clean({ face_self_rating: '15' }).errors.face_self_rating, ["'15' is not one of the choices"], 'a JSON number, not text');
  t.ok(clean({ face_self_rating: 7 }).errors.face_self_rating);
  t.ok(clean({ face_self_rating: 11 }).errors.face_self_rating);
});

t.test('integers: whole and within bounds', async (t) => {
  t.same(clean({ height: 170, weight: 68 }).values, { height: 170, weight: 68 });
  t.same(clean({ weight: '68' }).errors.weight, ['Must be a number'], 'a JSON number, not text');
  t.same(clean({ height: true }).errors.height, ['Must be a number']);
  t.same(clean({ height: Number.POSITIVE_INFINITY }).errors.height, ['Must be a number']);
  t.same(clean({ height: 170.5 }).errors.height, ['Must be a whole number']);
  t.same(clean({ height: 89 }).errors.height, ['Must be between 90 and 250']);
  t.same(clean({ height: 251 }).errors.height, ['Must be between 90 and 250']);
  t.same(clean({ weight: 29 }).errors.weight, ['Must be between 30 and 300']);
  t.same(clean({ weight: 301 }).errors.weight, ['Must be between 30 and 300']);
  t.same(clean({ weight: 'heavy' }).errors.weight, ['Must be a number']);
  t.same(clean({ weight: Number.NaN }).errors.weight, ['Must be a number']);
  t.same(clean({ height: 90, weight: 300 }).values, { height: 90, weight: 300 }, 'bounds are inclusive');
});

t.test('minimum betrothal gift accepts numbers, kept to the cent', async (t) => {
  t.same(clean({ minimum_betrothal_gift_price: 1500 }).values, { minimum_betrothal_gift_price: 1500 });
  t.same(clean({ minimum_betrothal_gift_price: '1500' }).errors.minimum_betrothal_gift_price, ['Must be a number']);
  t.same(clean({ minimum_betrothal_gift_price: 99.999 }).values, { minimum_betrothal_gift_price: 100 });
  t.same(clean({ minimum_betrothal_gift_price: 0 }).values, { minimum_betrothal_gift_price: 0 });
  t.ok(clean({ minimum_betrothal_gift_price: -1 }).errors.minimum_betrothal_gift_price);
  t.ok(clean({ minimum_betrothal_gift_price: 100_000_001 }).errors.minimum_betrothal_gift_price);
  t.ok(clean({ minimum_betrothal_gift_price: '$1,000' }).errors.minimum_betrothal_gift_price);
});

t.test('booleans are JSON booleans', async (t) => {
  const r = clean({ yacht_owner: true, private_airplane: false });
  t.same(r.values, { yacht_owner: true, private_airplane: false });
  for (const text of ['true', 'false', 'yes', 'No', 'maybe']) {
    t.same(clean({ cookbook: text }).errors.cookbook, ['Must be Yes or No'], `'${text}' is text`);
  }
  t.same(clean({ cookbook: 1 }).errors.cookbook, ['Must be Yes or No']);
});

t.test('date of birth: 18 to 100 years before today', async (t) => {
  const hint = 'You must be between 18 and 100 years old to use Betroth';
  t.same(clean({ date_of_birth: '2008-11-22' }).errors.date_of_birth, [hint], '17, turning 18 tomorrow');
  t.same(clean({ date_of_birth: '2008-11-21' }).values, { date_of_birth: '2008-11-21' }, '18 today');
  t.same(clean({ date_of_birth: '1926-11-21' }).values, { date_of_birth: '1926-11-21' }, '100 today');
  t.same(clean({ date_of_birth: '1925-11-22' }).values, { date_of_birth: '1925-11-22' }, '100, turning 101 tomorrow');
  t.same(clean({ date_of_birth: '1925-11-21' }).errors.date_of_birth, [hint], '101 today');
  t.same(clean({ date_of_birth: '21/11/1990' }).errors.date_of_birth, [PROFILE_MESSAGES.dateFormat]);
  t.same(clean({ date_of_birth: '1990-02-30' }).errors.date_of_birth, [PROFILE_MESSAGES.dateFormat]);
});

t.test('ageFromDateOfBirth', async (t) => {
  t.equal(ageFromDateOfBirth('1990-11-21', TODAY), 36);
  t.equal(ageFromDateOfBirth('1990-11-22', TODAY), 35);
  t.equal(ageFromDateOfBirth('1990-12-01', TODAY), 35);
  t.equal(ageFromDateOfBirth('2000-02-29', new Date('2026-02-28T00:00:00Z')), 25);
  t.equal(ageFromDateOfBirth('2000-02-29', new Date('2026-03-01T00:00:00Z')), 26);
  t.ok(Number.isNaN(ageFromDateOfBirth('nope', TODAY)));
});

t.test('username uses the sign-up rules and cannot be cleared', async (t) => {
  t.same(clean({ username: ' new_name ' }).values, { username: 'new_name' });
  t.same(clean({ username: 'ab' }).errors.username, [AUTH_MESSAGES.usernameTooShort]);
  t.same(clean({ username: 'bad name!' }).errors.username, [AUTH_MESSAGES.usernameCharacters]);
  t.same(clean({ username: '' }).errors.username, [AUTH_MESSAGES.usernameTooShort]);
});

t.test('phone: optional, digits with + spaces and dashes, normalised', async (t) => {
  t.same(clean({ phone: '+1 555-123-4567' }).values, { phone: '+15551234567' });
  t.same(clean({ phone: '44 20 7946 0958' }).values, { phone: '+442079460958' });
  t.same(clean({ phone: null }).values, { phone: null });
  t.same(clean({ phone: '12345' }).errors.phone, [PROFILE_MESSAGES.phone], 'too short');
  t.ok(clean({ phone: '+1 (555) 123-4567' }).errors.phone, 'brackets are not allowed');
  t.ok(clean({ phone: '1234567890123456789012' }).errors.phone, 'too long');
  t.ok(clean({ phone: '+1234 5678 9012 3456' }).errors.phone, 'more than 15 digits');
  t.equal(normaliseProfilePhone('+--- ---'), null);
  t.equal(normaliseProfilePhone('555-1234'), '+5551234');
});

t.test('location fields are type-checked only', async (t) => {
  t.same(clean({ home_country: 'Atlantis', home_city: ' Springfield ' }).values, { home_country: 'Atlantis', home_city: 'Springfield' });
  t.same(clean({ home_city: 42 }).errors.home_city, ['Must be text']);
  t.same(clean({ home_city: 'x'.repeat(101) }).errors.home_city, ['Must be at most 100 characters']);
});

const COMPLETE = {
  photo1_url: '/media/1.jpg',
  gender: 'Woman',
  date_of_birth: '1995-05-05',
  native_language: 'English',
  home_country: 'Canada',
  home_city: 'Toronto',
  height: 165,
  weight: 60,
  relationship_status: 'Single',
  kids_at_home: 'No kids at home',
  livelihood: 'Employed',
  annual_income: 'Under $50,000',
  education: 'Bachelor',
  religion: 'Hindu',
  reason_to_marry: 'Love and companionship',
  number_of_kids_wanted: '1-2',
};

t.test('completeness of an empty profile', async (t) => {
  const c = computeCompleteness({ username: 'anna' });
  t.equal(c.completion_percentage, 0);
  t.equal(c.is_complete, false);
  t.same(c.missing_fields, [
    'photo1_url',
    'date_of_birth',
    'gender',
    'native_language',
    'home_country',
    'home_city',
    'height',
    'weight',
    'relationship_status',
    'kids_at_home',
    'livelihood',
    'annual_income',
    'education',
    'religion',
    'reason_to_marry',
    'number_of_kids_wanted',
  ]);
});

t.test('completeness after filling, with the US state rule', async (t) => {
  t.same(computeCompleteness(COMPLETE), { completion_percentage: 100, is_complete: true, missing_fields: [] });
  const us = computeCompleteness({ ...COMPLETE, home_country: 'United States', home_city: 'Austin' });
  t.same(us.missing_fields, ['home_state']);
  t.equal(us.completion_percentage, 94, '16 of 17, floored');
  t.equal(us.is_complete, false);
  t.ok(computeCompleteness({ ...COMPLETE, home_country: 'United States', home_state: 'Texas' }).is_complete);
  const half = computeCompleteness({ ...COMPLETE, photo1_url: null, height: '', gender: undefined });
  t.same(half.missing_fields, ['photo1_url', 'gender', 'height']);
  t.equal(half.completion_percentage, 81);
  t.ok(computeCompleteness({ ...COMPLETE, photo2_url: null }).is_complete, 'only photo 1 counts');
});
