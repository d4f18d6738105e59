import t from 'tap';
import { countryOptions, stateOptions } from '@/config/locations.ts';
import { birthDateRange } from './locations.ts';
import { errorsMap, fieldLabel, saveErrorMessages, savedMessage } from './save-messages.ts';

const regions = [
  { country: 'Afghanistan', name: 'Kabul' },
  { country: 'Afghanistan', name: 'Kandahar' },
  { country: 'Canada', name: 'Ontario' },
  { country: 'United States', name: 'Alabama' },
  { country: 'United States', name: 'Texas' },
];

t.test('countries: distinct, United States first', async (t) => {
  t.same(countryOptions(regions), ['United States', 'Afghanistan', 'Canada']);
  t.same(countryOptions(regions, 'Bouvet Island'), ['United States', 'Afghanistan', 'Canada', 'Bouvet Island']);
  t.same(countryOptions(regions, 'Canada'), ['United States', 'Afghanistan', 'Canada']);
  t.same(stateOptions(regions), ['Alabama', 'Texas']);
});

t.test('birth date between 18 and 100 years ago', async (t) => {
  t.same(birthDateRange(new Date(2026, 10, 21)), { min: '1925-11-22', max: '2008-11-21' });
});

t.test('save toasts', async (t) => {
  t.equal(savedMessage({ is_complete: true, missing_fields: [] }), 'Profile completed successfully! Welcome to Betroth!');
  t.equal(savedMessage({ is_complete: false, missing_fields: ['a', 'b'] }), 'Progress saved! 2 required field(s) remaining');
  t.same(saveErrorMessages({ error: 'Validation failed', errors: { username: ['This username is already taken'], height: ['A', 'B'] } }), [
    'Username: This username is already taken',
    'Height: A, B',
  ]);
  t.same(
    saveErrorMessages({ errors: { home_city: ['Choose a city of the selected state'] } }),
    ['City: Choose a city of the selected state'],
    'the field in words, never its raw name',
  );
  t.equal(fieldLabel('some_new_field'), 'Some new field', 'an unknown field is spelled out');
  t.same(saveErrorMessages({ detail: 'Nope' }), ['Nope']);
  t.same(saveErrorMessages({ error: 'Bad' }), ['Bad']);
  t.same(saveErrorMessages({ message: 'ignored' }), ['Failed to update profile']);
  t.same(saveErrorMessages(undefined), ['Failed to update profile']);
  t.equal(errorsMap({ errors: [] }), null);
});
