/** The consistency rules: no generated member breaks one, and every one catches the contradiction it names. */
import t from 'tap';
import { ageFromDateOfBirth, cleanProfilePatch } from '../contract/profile-validation.ts';
import { brokenRules, CONSISTENCY_RULES } from './consistency-rules.ts';
import { generateProfile, loadPlaces, randomSource } from './population.ts';

const today = new Date('2026-06-01T00:00:00Z');

/** A date of birth that shows `age` on `today`. */
const bornAt = (age: number) => `${today.getUTCFullYear() - age - 1}-12-15`;

t.test('10,000 generated members (ten seeds) break no rule', async (t) => {
  const places = await loadPlaces();
  const broken = new Map<string, Array<Record<string, unknown>>>();
  let members = 0;
  for (let seed = 1; seed <= 10; seed += 1) {
    const random = randomSource(seed);
    for (let i = 0; i < 1000; i += 1) {
      const profile = generateProfile(random, places, today);
      members += 1;
      for (const rule of brokenRules(profile, ageFromDateOfBirth(profile.date_of_birth as string, today))) {
        broken.set(rule, [...(broken.get(rule) ?? []), profile].slice(0, 2));
      }
    }
  }
  t.equal(members, 10_000);
  t.same([...broken.keys()], [], 'no rule broken', { examples: Object.fromEntries(broken) });
});

/** A coherent member written by hand: a 32-year-old engineer in Austin who rents and drives a Toyota. */
const COHERENT: Record<string, unknown> = {
  gender: 'Woman',
  date_of_birth: bornAt(32),
  native_language: 'English',
  home_country: 'United States',
  home_state: 'Texas',
  home_city: 'Austin',
  height: 165,
  weight: 62,
  face_self_rating: 6,
  tattoos: ['No tattoos'],
  piercings: ['Ear piercing(s)'],
  cosmetic_surgeries: ['No cosmetic surgery'],
  exercise_frequency: 'Once a week',
  parent_presence: 'Raised by both parents together',
  parents_imprisoned: 'Neither parent was imprisoned',
  parents_employment: 'Both parents worked',
  siblings_number: '2',
  relationship_status: 'Single',
  relationship_history: ['Long-term relationship(s)'],
  body_count: '1-5',
  memories_from_exes: 'Photos',
  kids_at_home: 'No kids at home',
  kids_parents_number: 'Not applicable',
  divorces_number: 'Not applicable',
  livelihood: 'Employed',
  annual_income: '$50,001-$75,000',
  debts_total: 'Up to $10,000',
  place_to_live: 'Rent a home',
  daily_transportation: 'Private car',
  brand_of_daily_car: 'Toyota',
  yacht_owner: false,
  private_airplane: false,
  education: 'Bachelor',
  latest_major: 'STEM',
  religion: 'Christian - Protestant',
  religiosity: 'Medium',
  social_media_use: 'Private profile',
  cooking_frequency: 'Weekly',
  recipes_known: '4-10',
  cookbook: true,
  home_chores_frequency: 'Weekly',
  pets_at_home: ['Cat(s)'],
  current_personal_travel: 'Annually',
  current_international_travel: 'Rarely',
  clothes_style: 'Casual',
  reason_to_marry: 'Love and companionship',
  money_control: 'We manage the money together',
  monthly_cash_want: 'No monthly cash needed or provided',
  monthly_cash_provide: 'Up to $1,000',
  desired_ceremony: ['Small private ceremony'],
  desire_to_work_in_relationship: true,
  clothes_control: 'My choice only',
  opposite_sex_friends: 'No problem',
  minimum_betrothal_gift_price: 2000,
  number_of_kids_wanted: '1-2',
};

/** Young enough for high school only and a small income: a base for the contradictions of the late teens. */
const TEEN = { education: 'High school', latest_major: 'Not applicable', annual_income: 'Under $50,000' };
const MARRIED_BEFORE = ['Was married before', 'Lived with a partner'];
const IN_A_DORM = {
  livelihood: 'Student',
  annual_income: 'Under $50,000',
  place_to_live: 'Student home or dorm',
  pets_at_home: ['No pets'],
};

/** For each rule, the hand-made contradiction it must catch: an age and the answers changed from COHERENT. */
const CONTRADICTIONS: Record<string, { age?: number } & Record<string, unknown>> = {
  'retired only from 60': { age: 45, livelihood: 'Retired' },
  'students are under 40': { age: 45, livelihood: 'Student', annual_income: 'Under $50,000' },
  'degrees take years: an associate from 20, a bachelor from 22, a master from 24, a doctorate from 27, post-doctoral from 30': {
    age: 22,
    education: 'Master',
  },
  'no major without college, and a major with it': { education: 'High school', latest_major: 'STEM' },
  'cosmetology is studied up to an associate degree': { education: 'Master', latest_major: 'Cosmetology' },
  'incomes grow with age: at most $75,000 before 21, nothing over $200,000 before 25': {
    age: 19,
    ...TEEN,
    annual_income: '$76,001-$100,000',
  },
  'students earn at most $75,000, the unemployed under $50,000': { livelihood: 'Student', annual_income: '$76,001-$100,000' },
  'a dorm is for students': { place_to_live: 'Student home or dorm', pets_at_home: ['No pets'] },
  'no home owner before 21': { age: 19, ...TEEN, place_to_live: 'Own a home' },
  'nobody from 50 lives with their parents': { age: 55, place_to_live: 'Live with parents' },
  'debts over $100,000 are mortgages': { debts_total: 'Up to $200,000' },
  'a mortgage stays within reach of the income': { place_to_live: 'Own a home', debts_total: 'Over $1,000,000' },
  'monthly cash given stays within the income': { monthly_cash_provide: 'Up to $10,000' },
  'Bentley, Ferrari, Lamborghini, Porsche, Rolls-Royce only over $200,000': { brand_of_daily_car: 'Ferrari' },
  'premium makes from $50,001': { annual_income: 'Under $50,000', brand_of_daily_car: 'BMW' },
  'walking, cycling, transit, taxi or motorcycle means no car brand': { daily_transportation: 'Walking' },
  'a private car has a brand': { brand_of_daily_car: 'Not applicable' },
  'a driver, a yacht or a plane only over $200,000': { yacht_owner: true },
  // The reviewer's own example: 18, never in a relationship, and a body count of 1-5.
  'never in a relationship: single, no partners, no children, no divorce, no memories from exes': {
    age: 18,
    ...TEEN,
    relationship_history: ['Never been in a relationship'],
    memories_from_exes: 'No memories',
  },
  'casual dating only: not engaged or married, at most one child, by one other parent': {
    relationship_history: ['Casual dating only'],
    relationship_status: 'Engaged',
  },
  'divorces only after a marriage': { divorces_number: '1' },
  'a marriage behind takes years: none before 21': {
    age: 20,
    ...TEEN,
    relationship_history: MARRIED_BEFORE,
    divorces_number: 'Never divorced',
  },
  'three or more divorces not before 35': { age: 30, relationship_history: MARRIED_BEFORE, divorces_number: '3' },
  "'Not applicable' divorces means never married": { relationship_history: MARRIED_BEFORE },
  'virgins have no children, no marriage and never lived with a partner': {
    body_count: 'virgin',
    kids_at_home: '1',
    kids_parents_number: '1',
  },
  'partners add up with the years: at most 10 before 21, not 100+ before 25': { age: 19, ...TEEN, body_count: '11-20' },
  'the strictly religious have had at most 10 partners': { religiosity: 'Strict', body_count: '21-100' },
  'children at home fit the years: one before 24, two before 28, four before 33': { age: 22, kids_at_home: '2', kids_parents_number: '1' },
  'no children at home from 60': { age: 62, kids_at_home: '1', kids_parents_number: '1' },
  'children at home have another parent': { kids_at_home: '1' },
  'children by three or more partners only after a marriage': { kids_at_home: '3', kids_parents_number: '3' },
  'no children at home in a dorm': { ...IN_A_DORM, kids_at_home: '1', kids_parents_number: '1' },
  'memories of a shared life need one: furniture or vehicles after living together, real estate or a business after a marriage': {
    memories_from_exes: 'Furniture',
  },
  'past childbearing age (women from 45, men from 55): at most one or two children wanted': { age: 50, number_of_kids_wanted: '3-4' },
  'starting a family means wanting children': { reason_to_marry: 'To start a family', number_of_kids_wanted: 'No kids' },
  'atheists: no religiosity, no religious ceremony': {
    religion: 'Atheism',
    religiosity: 'Not applicable',
    desired_ceremony: ['Religious ceremony'],
  },
  "a faith is practised somehow: religiosity 'Not applicable' only for atheists": { religiosity: 'Not applicable' },
  'religious duty only for the devout': { reason_to_marry: 'Religious duty', religiosity: 'Relaxed' },
  'the strictly religious neither dress revealingly nor model nude': { religiosity: 'Strict', clothes_style: 'Revealing' },
  'trips abroad never outnumber trips': { current_personal_travel: 'Rarely', current_international_travel: 'Monthly' },
  'recipes follow cooking: who never cooks knows at most 3, who rarely does at most 10': {
    cooking_frequency: 'Never',
    recipes_known: 'over 20 recipes',
  },
  'no dog or cat in a dorm': { ...IN_A_DORM, pets_at_home: ['Dog(s)'] },
  'a small private ceremony and a large wedding celebration exclude each other': {
    desired_ceremony: ['Small private ceremony', 'Large wedding celebration'],
  },
  'heights people reach: women 140-195 cm, men 150-215 cm': { height: 205, weight: 85 },
  'weight fits height: a body mass index between 16 and 45': { weight: 140 },
  "parents' employment 'Not applicable' only for a childhood in care": { parents_employment: 'Not applicable' },
  'raised by both parents together: they know whether a parent was in prison, and not both were': { parents_imprisoned: 'I do not know' },
};

/** What a member could send: every answer passes the catalogue, so a rule is caught on real values, not a typo. */
function catalogueErrors(profile: Record<string, unknown>): Record<string, unknown> {
  return cleanProfilePatch(profile, today).errors;
}

t.test('every rule catches its hand-made contradiction, and only that one', async (t) => {
  t.same(brokenRules(COHERENT, 32), [], 'the hand-made member is coherent');
  t.same(catalogueErrors(COHERENT), {}, 'and valid by the catalogue');
  t.same(
    Object.keys(CONTRADICTIONS).sort(),
    CONSISTENCY_RULES.map((rule) => rule.name).sort(),
    'one contradiction per rule, none for a rule that does not exist',
  );
  for (const rule of CONSISTENCY_RULES) {
    const example = CONTRADICTIONS[rule.name];
    if (!example) continue;
    const { age = 32, ...answers } = example;
    const profile = { ...COHERENT, ...answers, date_of_birth: bornAt(age) };
    t.same(catalogueErrors(profile), {}, `${rule.name}: the contradiction is made of valid answers`);
    t.same(brokenRules(profile, ageFromDateOfBirth(profile.date_of_birth as string, today)), [rule.name], `${rule.name}: caught`);
  }
});

t.test('an unanswered optional question claims nothing', async (t) => {
  const optional = Object.keys(COHERENT).filter(
    (name) =>
      ![
        'gender',
        'date_of_birth',
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
        'native_language',
        'home_country',
        'home_state',
        'home_city',
      ].includes(name),
  );
  const skipped = Object.fromEntries(optional.map((name) => [name, null]));
  t.same(brokenRules({ ...COHERENT, ...skipped }, 32), []);
});
