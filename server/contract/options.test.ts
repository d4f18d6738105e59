import t from 'tap';
import * as options from './options.ts';
import {
  ANNUAL_INCOMES,
  BETROTHAL_GIFT_CEILINGS,
  BODY_COUNTS,
  CAR_BRANDS,
  CAR_MAKES,
  DEBTS_TOTALS,
  FACE_SELF_RATINGS,
  KIDS_AT_HOME,
  MONTHLY_CASH_AMOUNTS,
  NATIVE_LANGUAGES,
  NONE_OPTIONS,
  RECIPES_KNOWN,
  RELIGIONS,
  SOCIAL_MEDIA_USES,
} from './options.ts';
import { PROFILE_FIELD_BY_NAME, PROFILE_FIELDS } from './profile-fields.ts';

t.test('every exported list is non-empty and free of duplicates', async (t) => {
  const lists = Object.entries(options).filter(([, v]) => Array.isArray(v)) as [string, readonly unknown[]][];
  t.ok(lists.length >= 40, `found ${lists.length} lists`);
  for (const [name, list] of lists) {
    t.ok(list.length > 0, `${name} is not empty`);
    t.equal(new Set(list).size, list.length, `${name} has no duplicates`);
  }
});

t.test('lists the spec enumerates are verbatim', async (t) => {
  t.same(RELIGIONS, [
    'Muslim - Sunni',
    'Muslim - Other',
    'Christian - Catholic',
    'Christian - Protestant',
    'Christian - Orthodox',
    'Christian - Other',
    'Jewish',
    'Hindu',
    'Buddhist',
    'Sikh',
    'Shamanistic',
    'Atheism',
    'Other religion',
  ]);
  t.same(KIDS_AT_HOME, ['No kids at home', '1', '2', '3', '4', '5', '6', '7+']);
  t.same(FACE_SELF_RATINGS, [1, 2, 3, 4, 5, 6, 8, 9, 10, 15]);
  t.same(BODY_COUNTS, ['virgin', '1-5', '6-10', '11-20', '21-100', '100+']);
  t.same(ANNUAL_INCOMES, ['Under $50,000', '$50,001-$75,000', '$76,001-$100,000', '$100,001-$200,000', 'Over $200,000']);
  t.equal(DEBTS_TOTALS[0], 'No debt');
  t.equal(DEBTS_TOTALS[1], 'Up to $5,000');
  t.equal(DEBTS_TOTALS.at(-2), 'Up to $1,000,000');
  t.equal(DEBTS_TOTALS.at(-1), 'Over $1,000,000');
  t.equal(DEBTS_TOTALS.length, 11);
  t.equal(MONTHLY_CASH_AMOUNTS[0], 'No monthly cash needed or provided');
  t.equal(MONTHLY_CASH_AMOUNTS[1], 'Up to $1,000');
  t.equal(MONTHLY_CASH_AMOUNTS.at(-2), 'Up to $20,000');
  t.equal(MONTHLY_CASH_AMOUNTS.at(-1), 'Over $20,000');
  t.same(BETROTHAL_GIFT_CEILINGS, [
    'Any',
    '$0',
    '$1,000',
    '$3,000',
    '$5,000',
    '$10,000',
    '$15,000',
    '$25,000',
    '$50,000',
    '$100,000',
    '$200,000',
    '$350,000',
    '$1,000,000',
  ]);
  t.equal(NATIVE_LANGUAGES.length, 19);
  t.ok(NATIVE_LANGUAGES.includes('India Languages'));
  t.ok(SOCIAL_MEDIA_USES.includes('Partially of fully nude model'), 'typo kept verbatim');
  t.same(RECIPES_KNOWN, ['0-3', '4-10', '10-15', '16-20', 'over 20 recipes']);
});

t.test('car brands: Not applicable, 26 makes, Other', async (t) => {
  t.equal(CAR_MAKES.length, 26);
  t.equal(CAR_BRANDS[0], 'Not applicable');
  t.equal(CAR_BRANDS.at(-1), 'Other');
  t.equal(CAR_BRANDS.length, 28);
});

t.test('multi-select options never contain a comma (comma strings are split)', async (t) => {
  for (const f of PROFILE_FIELDS.filter((d) => d.kind === 'multiselect')) {
    for (const o of f.options ?? []) t.notMatch(String(o), /,/, `${f.name}: ${o}`);
  }
});

t.test('each none option belongs to its multi-select list', async (t) => {
  for (const [name, none] of Object.entries(NONE_OPTIONS)) {
    const field = PROFILE_FIELD_BY_NAME.get(name);
    t.equal(field?.kind, 'multiselect', name);
    t.ok(field?.options?.includes(none), `${name} offers '${none}'`);
    t.equal(field?.noneOption, none);
  }
});
