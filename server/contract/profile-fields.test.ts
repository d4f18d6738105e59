import t from 'tap';
import {
  ALIAS_FIELDS,
  BOOLEAN_FIELDS,
  EDITABLE_PROFILE_FIELDS,
  MULTISELECT_FIELDS,
  PROFILE_FIELD_BY_NAME,
  PROFILE_FIELDS,
  type ProfileFieldValues,
  READ_ONLY_PROFILE_FIELDS,
  SECTIONS,
  fieldsInSection,
} from './profile-fields.ts';

// Every field a member may edit, written out by hand, including the home location trio (country, state, city).
const EXPECTED_EDITABLE_FIELDS = `username phone date_of_birth gender native_language home_country home_state home_city
height weight weight_lb face_self_rating tattoos piercings cosmetic_surgeries exercise_frequency
parent_presence parents_imprisoned parents_employment siblings_number
relationship_status relationship_history body_count memories_from_exes kids_at_home kids_parents_number divorces_number
livelihood annual_income debts_total place_to_live daily_transportation brand_of_daily_car yacht_owner private_airplane
religiosity religion education latest_major
social_media_use cooking_frequency recipes_known cookbook home_chores_frequency pets_at_home current_personal_travel current_international_travel clothes_style
reason_to_marry money_control monthly_cash_want monthly_cash_provide desired_ceremony desire_to_work_in_relationship clothes_control opposite_sex_friends minimum_betrothal_gift_price number_of_kids_wanted`
  .split(/\s+/)
  .filter(Boolean);

t.test('every editable profile field is catalogued once, and nothing else is editable', async (t) => {
  t.same(EDITABLE_PROFILE_FIELDS.map((f) => f.name).sort(), [...EXPECTED_EDITABLE_FIELDS].sort());
  t.equal(PROFILE_FIELD_BY_NAME.size, PROFILE_FIELDS.length, 'names are unique');
});

t.test('descriptors are well formed', async (t) => {
  for (const f of PROFILE_FIELDS) {
    t.match(f.name, /^[a-z0-9_]+$/, `${f.name} is snake_case`);
    t.ok(SECTIONS.includes(f.section), `${f.name} has a known section`);
    t.ok(f.label.length > 0);
    if (f.kind === 'select' || f.kind === 'multiselect') t.ok(f.options?.length, `${f.name} has options`);
    if (f.kind === 'integer' || f.kind === 'number') {
      t.type(f.min, 'number', `${f.name} min`);
      t.type(f.max, 'number', `${f.name} max`);
    }
  }
});

t.test('field kinds are the required ones', async (t) => {
  t.same([...MULTISELECT_FIELDS].sort(), [
    'cosmetic_surgeries',
    'desired_ceremony',
    'pets_at_home',
    'piercings',
    'relationship_history',
    'tattoos',
  ]);
  t.same([...BOOLEAN_FIELDS].sort(), ['cookbook', 'desire_to_work_in_relationship', 'private_airplane', 'yacht_owner']);
  t.equal(PROFILE_FIELD_BY_NAME.get('height')?.kind, 'integer');
  t.equal(PROFILE_FIELD_BY_NAME.get('weight')?.kind, 'integer');
  t.equal(PROFILE_FIELD_BY_NAME.get('minimum_betrothal_gift_price')?.kind, 'number');
  t.equal(PROFILE_FIELD_BY_NAME.get('date_of_birth')?.kind, 'date');
  t.same(PROFILE_FIELD_BY_NAME.get('face_self_rating')?.options, [1, 2, 3, 4, 5, 6, 8, 9, 10, 15]);
});

t.test('sections follow the edit screen order and photos come first', async (t) => {
  t.same(SECTIONS, [
    'Photos',
    'Basics',
    'Location',
    'Appearance & Health',
    'Family & Childhood',
    'Marital Status & Children',
    'Finances',
    'Lifestyle',
    'Relationship Expectations',
  ]);
  const order = PROFILE_FIELDS.map((f) => SECTIONS.indexOf(f.section));
  t.same(
    order,
    [...order].sort((a, b) => a - b),
    'catalogue is grouped in section order',
  );
  for (const s of SECTIONS) t.ok(fieldsInSection(s).length > 0, `${s} has fields`);
  t.same(
    fieldsInSection('Photos').map((f) => f.editable),
    [false, false, false, false, false],
  );
});

t.test('required-for-completeness list', async (t) => {
  t.same(
    PROFILE_FIELDS.filter((f) => f.requiredForCompleteness)
      .map((f) => f.name)
      .sort(),
    [
      'annual_income',
      'date_of_birth',
      'education',
      'gender',
      'height',
      'home_city',
      'home_country',
      'home_state',
      'kids_at_home',
      'livelihood',
      'native_language',
      'number_of_kids_wanted',
      'photo1_url',
      'reason_to_marry',
      'relationship_status',
      'religion',
      'weight',
    ],
  );
  t.same(PROFILE_FIELD_BY_NAME.get('home_state')?.requiredWhen, { field: 'home_country', equals: 'United States' });
});

t.test('read-only and alias lists', async (t) => {
  t.same(READ_ONLY_PROFILE_FIELDS, [
    'id',
    'user_id',
    'age',
    'photo1_url',
    'photo2_url',
    'photo3_url',
    'photo4_url',
    'photo5_url',
    'chats',
    'distance',
    'is_liked',
    'location_latitude',
    'location_longitude',
    'email',
  ]);
  t.same(ALIAS_FIELDS, ['city', 'state', 'country', 'homeCity', 'homeState', 'homeCountry']);
  for (const name of READ_ONLY_PROFILE_FIELDS) {
    t.notOk(
      EDITABLE_PROFILE_FIELDS.some((f) => f.name === name),
      `${name} is not editable`,
    );
  }
});

t.test('the profile value type follows the catalogue (checked by npm run typecheck)', async (t) => {
  const rating: ProfileFieldValues['face_self_rating'] = 8;
  const height: ProfileFieldValues['height'] = 170;
  const tattoos: ProfileFieldValues['tattoos'] = ['None'];
  const yacht: ProfileFieldValues['yacht_owner'] = false;
  const username: ProfileFieldValues['username'] = 'ada';
  // @ts-expect-error a text select holds text, not a number
  const religion: ProfileFieldValues['religion'] = 5;
  // @ts-expect-error a number field holds a number, not text
  const weight: ProfileFieldValues['weight'] = '60';
  t.same([rating, height, tattoos, yacht, username, religion, weight], [8, 170, ['None'], false, 'ada', 5, '60']);
});
