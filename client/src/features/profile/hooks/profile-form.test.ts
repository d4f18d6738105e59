import t from 'tap';
import { displayFieldName, formToPatch, profileToForm, validateProfileForm } from './profile-form.ts';

const today = new Date('2026-11-21T12:00:00Z');

t.test('a stored profile becomes strings and lists', async (t) => {
  const form = profileToForm({
    username: 'anna',
    height: 170,
    face_self_rating: 8,
    tattoos: 'Arms, Back',
    pets_at_home: ['Dog'],
    yacht_owner: false,
    cookbook: null,
    date_of_birth: '1990-05-04T00:00:00.000Z',
    email: 'x@example.com',
  });
  t.equal(form.username, 'anna');
  t.equal(form.height, '170');
  t.equal(form.face_self_rating, '8');
  t.same(form.tattoos, ['Arms', 'Back']);
  t.same(form.pets_at_home, ['Dog']);
  t.same(form.piercings, []);
  t.equal(form.yacht_owner, 'false');
  t.equal(form.cookbook, '');
  t.equal(form.date_of_birth, '1990-05-04');
  t.notOk('email' in form, 'only editable catalogue fields');
  t.notOk('photo1_url' in form, 'photos are not in the form');
});

t.test('the cleaned form: empty -> null, lists, whole numbers, numbers', async (t) => {
  const form = profileToForm({});
  Object.assign(form, {
    username: ' anna ',
    phone: '',
    height: '170.4',
    weight: '65',
    face_self_rating: '9',
    tattoos: [],
    pets_at_home: ['Dog', 'Cat'],
    yacht_owner: 'true',
    private_airplane: 'false',
    minimum_betrothal_gift_price: '1500.5',
    home_country: 'Canada',
    home_state: 'Texas',
  });
  const patch = formToPatch(form);
  t.equal(patch.username, 'anna');
  t.equal(patch.phone, null);
  t.equal(patch.height, 170);
  t.equal(patch.weight, 65);
  t.equal(patch.face_self_rating, 9);
  t.equal(patch.tattoos, null);
  t.same(patch.pets_at_home, ['Dog', 'Cat']);
  t.equal(patch.yacht_owner, true);
  t.equal(patch.private_airplane, false);
  t.equal(patch.cookbook, null);
  t.equal(patch.minimum_betrothal_gift_price, 1500.5);
  t.equal(patch.home_state, null, 'a state only for the United States');
  t.equal(patch.gender, null);
  t.notOk('city' in patch);
});

t.test('validation uses the shared messages', async (t) => {
  const form = profileToForm({ username: 'anna' });
  t.same(validateProfileForm(form, today), {});
  form.date_of_birth = '2010-01-01';
  form.height = '300';
  form.minimum_betrothal_gift_price = 'abc';
  const errors = validateProfileForm(form, today);
  t.same(errors.date_of_birth, ['You must be between 18 and 100 years old to use Betroth']);
  t.same(errors.height, ['Must be between 90 and 250']);
  t.same(errors.minimum_betrothal_gift_price, ['Must be a number']);
});

t.test('missing fields read with spaces', async (t) => {
  t.equal(displayFieldName('photo1_url'), 'photo1 url');
  t.equal(displayFieldName('date_of_birth'), 'date of birth');
});
