/**
 * What a generated member's answers may never say together: each rule is a name a reviewer can
 * read and a predicate over one generated profile (its answers keyed by catalogue field, and the
 * age its date of birth gives today). The generator (life-story.ts, story-answers.ts,
 * population.ts) draws answers that keep every rule by construction, and generateProfile checks
 * them on every member it makes, so a generator change that breaks one fails at once instead of
 * showing a reviewer an 18-year-old who never dated with five partners behind them.
 *
 * An unanswered optional question (null) never breaks a rule: a skipped answer claims nothing.
 */
import { ANNUAL_INCOMES, DEBTS_TOTALS, EDUCATIONS, KIDS_AT_HOME, MONTHLY_CASH_AMOUNTS, TRAVEL_FREQUENCIES } from '../contract/options.ts';

export type GeneratedProfile = Readonly<Record<string, unknown>>;

export interface ConsistencyRule {
  readonly name: string;
  /** True when the profile keeps the rule. */
  readonly holds: (profile: GeneratedProfile, age: number) => boolean;
}

const answered = (value: unknown): boolean => value !== null && value !== undefined;
/** Position of an answer in its ordered option list; -1 when unanswered. */
const rank = (list: readonly string[], value: unknown): number => (answered(value) ? list.indexOf(value as string) : -1);
/** Whether a multi-select answer includes `option`. */
const has = (value: unknown, option: string): boolean => Array.isArray(value) && value.includes(option);
/** Unanswered, or one of `options`. */
const openOr = (value: unknown, ...options: unknown[]): boolean => !answered(value) || options.includes(value);

const level = (list: readonly string[], option: string): number => {
  const at = list.indexOf(option);
  if (at < 0) throw new Error(`${option} is not an option`);
  return at;
};
const INCOME = {
  to75k: level(ANNUAL_INCOMES, '$50,001-$75,000'),
  to200k: level(ANNUAL_INCOMES, '$100,001-$200,000'),
} as const;
const SCHOOL = {
  highSchool: level(EDUCATIONS, 'High school'),
  associate: level(EDUCATIONS, 'Associate'),
  bachelor: level(EDUCATIONS, 'Bachelor'),
  master: level(EDUCATIONS, 'Master'),
  doctor: level(EDUCATIONS, 'Doctor'),
  postDoctoral: level(EDUCATIONS, 'Post-doctoral'),
} as const;

// Named here rather than taken from the generator's tables, so a mistake there cannot hide from the rules.
const DIVORCED = ['1', '2', '3', '4 or more'];
const CARLESS = ['Walking', 'Bicycle', 'Public transportation', 'Taxi ride', 'Motorcycle'];
const LUXURY_MAKES = ['Bentley', 'Ferrari', 'Lamborghini', 'Porsche', 'Rolls-Royce'];
const PREMIUM_MAKES = ['BMW', 'Mercedes-Benz', 'Audi', 'Lexus', 'Tesla', 'Volvo', 'Land Rover', 'Jaguar'];
const DEVOUT = ['Strict', 'Medium'];
const EXPOSED_MODELLING = ['Partially of fully nude model', 'Adult Content Model'];
/** The largest debt each income band carries (a mortgage for a home the income can pay for). */
const LARGEST_DEBT = ['Up to $200,000', 'Up to $350,000', 'Up to $350,000', 'Up to $1,000,000', 'Over $1,000,000'].map((d) =>
  level(DEBTS_TOTALS, d),
);
/** The most monthly cash each income band can give. */
const MOST_CASH_GIVEN = [1, 2, 3, 5, 9];
/** Heights (cm) people reach, and the body mass index range a living adult's weight stays within. */
export const HEIGHT_RANGE = { Woman: [140, 195], Man: [150, 215] } as const;
export const BODY_MASS_INDEX = { min: 16, max: 45 } as const;

const kidsAtHome = (profile: GeneratedProfile) => Math.max(0, rank(KIDS_AT_HOME, profile.kids_at_home));
const wasMarried = (profile: GeneratedProfile) => has(profile.relationship_history, 'Was married before');
const divorced = (profile: GeneratedProfile) => DIVORCED.includes(profile.divorces_number as string);

export const CONSISTENCY_RULES: readonly ConsistencyRule[] = [
  // Age, livelihood and schooling.
  { name: 'retired only from 60', holds: (p, age) => p.livelihood !== 'Retired' || age >= 60 },
  { name: 'students are under 40', holds: (p, age) => p.livelihood !== 'Student' || age < 40 },
  {
    name: 'degrees take years: an associate from 20, a bachelor from 22, a master from 24, a doctorate from 27, post-doctoral from 30',
    holds: (p, age) => {
      const school = rank(EDUCATIONS, p.education);
      const from =
        school >= SCHOOL.postDoctoral
          ? 30
          : school >= SCHOOL.doctor
            ? 27
            : school >= SCHOOL.master
              ? 24
              : school >= SCHOOL.bachelor
                ? 22
                : school >= SCHOOL.associate
                  ? 20
                  : 18;
      return age >= from;
    },
  },
  {
    name: 'no major without college, and a major with it',
    holds: (p) => !answered(p.latest_major) || (p.latest_major === 'Not applicable') === rank(EDUCATIONS, p.education) <= SCHOOL.highSchool,
  },
  {
    name: 'cosmetology is studied up to an associate degree',
    holds: (p) => p.latest_major !== 'Cosmetology' || rank(EDUCATIONS, p.education) <= SCHOOL.associate,
  },
  {
    name: 'incomes grow with age: at most $75,000 before 21, nothing over $200,000 before 25',
    holds: (p, age) => {
      const income = rank(ANNUAL_INCOMES, p.annual_income);
      return (age >= 21 || income <= INCOME.to75k) && (age >= 25 || income <= INCOME.to200k);
    },
  },
  {
    name: 'students earn at most $75,000, the unemployed under $50,000',
    holds: (p) =>
      (p.livelihood !== 'Student' || rank(ANNUAL_INCOMES, p.annual_income) <= INCOME.to75k) &&
      (p.livelihood !== 'Unemployed' || p.annual_income === 'Under $50,000'),
  },

  // Home and money.
  { name: 'a dorm is for students', holds: (p) => p.place_to_live !== 'Student home or dorm' || p.livelihood === 'Student' },
  { name: 'no home owner before 21', holds: (p, age) => p.place_to_live !== 'Own a home' || age >= 21 },
  { name: 'nobody from 50 lives with their parents', holds: (p, age) => p.place_to_live !== 'Live with parents' || age < 50 },
  {
    name: 'debts over $100,000 are mortgages',
    holds: (p) => rank(DEBTS_TOTALS, p.debts_total) <= level(DEBTS_TOTALS, 'Up to $100,000') || openOr(p.place_to_live, 'Own a home'),
  },
  {
    name: 'a mortgage stays within reach of the income',
    holds: (p) => rank(DEBTS_TOTALS, p.debts_total) <= LARGEST_DEBT[rank(ANNUAL_INCOMES, p.annual_income)],
  },
  {
    name: 'monthly cash given stays within the income',
    holds: (p) => rank(MONTHLY_CASH_AMOUNTS, p.monthly_cash_provide) <= MOST_CASH_GIVEN[rank(ANNUAL_INCOMES, p.annual_income)],
  },

  // Getting around.
  {
    name: 'Bentley, Ferrari, Lamborghini, Porsche, Rolls-Royce only over $200,000',
    holds: (p) => !LUXURY_MAKES.includes(p.brand_of_daily_car as string) || p.annual_income === 'Over $200,000',
  },
  {
    name: 'premium makes from $50,001',
    holds: (p) => !PREMIUM_MAKES.includes(p.brand_of_daily_car as string) || rank(ANNUAL_INCOMES, p.annual_income) >= INCOME.to75k,
  },
  {
    name: 'walking, cycling, transit, taxi or motorcycle means no car brand',
    holds: (p) => !CARLESS.includes(p.daily_transportation as string) || openOr(p.brand_of_daily_car, 'Not applicable'),
  },
  {
    name: 'a private car has a brand',
    holds: (p) =>
      !['Private car', 'Car with private driver'].includes(p.daily_transportation as string) || p.brand_of_daily_car !== 'Not applicable',
  },
  {
    name: 'a driver, a yacht or a plane only over $200,000',
    holds: (p) =>
      (p.daily_transportation !== 'Car with private driver' && p.yacht_owner !== true && p.private_airplane !== true) ||
      p.annual_income === 'Over $200,000',
  },

  // Relationships and children.
  {
    name: 'never in a relationship: single, no partners, no children, no divorce, no memories from exes',
    holds: (p) =>
      !has(p.relationship_history, 'Never been in a relationship') ||
      (p.relationship_status === 'Single' &&
        openOr(p.body_count, 'virgin') &&
        p.kids_at_home === 'No kids at home' &&
        openOr(p.kids_parents_number, 'Not applicable') &&
        openOr(p.divorces_number, 'Never divorced', 'Not applicable') &&
        openOr(p.memories_from_exes, 'No memories')),
  },
  {
    name: 'casual dating only: not engaged or married, at most one child, by one other parent',
    holds: (p) =>
      !has(p.relationship_history, 'Casual dating only') ||
      (['Single', 'Dating'].includes(p.relationship_status as string) &&
        kidsAtHome(p) <= 1 &&
        openOr(p.kids_parents_number, 'Not applicable', '1')),
  },
  { name: 'divorces only after a marriage', holds: (p) => !divorced(p) || !answered(p.relationship_history) || wasMarried(p) },
  { name: 'a marriage behind takes years: none before 21', holds: (p, age) => age >= 21 || (!wasMarried(p) && !divorced(p)) },
  {
    name: 'three or more divorces not before 35',
    holds: (p, age) => age >= 35 || !['3', '4 or more'].includes(p.divorces_number as string),
  },
  {
    name: "'Not applicable' divorces means never married",
    holds: (p) => p.divorces_number !== 'Not applicable' || (!wasMarried(p) && p.relationship_status !== 'Married'),
  },
  {
    name: 'virgins have no children, no marriage and never lived with a partner',
    holds: (p) =>
      p.body_count !== 'virgin' ||
      (p.kids_at_home === 'No kids at home' &&
        openOr(p.kids_parents_number, 'Not applicable') &&
        p.relationship_status !== 'Married' &&
        !wasMarried(p) &&
        !has(p.relationship_history, 'Lived with a partner') &&
        !divorced(p)),
  },
  {
    name: 'partners add up with the years: at most 10 before 21, not 100+ before 25',
    holds: (p, age) => (age >= 21 || openOr(p.body_count, 'virgin', '1-5', '6-10')) && (age >= 25 || p.body_count !== '100+'),
  },
  {
    name: 'the strictly religious have had at most 10 partners',
    holds: (p) => p.religiosity !== 'Strict' || openOr(p.body_count, 'virgin', '1-5', '6-10'),
  },
  {
    name: 'children at home fit the years: one before 24, two before 28, four before 33',
    holds: (p, age) => kidsAtHome(p) <= (age < 24 ? 1 : age < 28 ? 2 : age < 33 ? 4 : 7),
  },
  { name: 'no children at home from 60', holds: (p, age) => age < 60 || p.kids_at_home === 'No kids at home' },
  {
    name: 'children at home have another parent',
    holds: (p) => p.kids_at_home === 'No kids at home' || p.kids_parents_number !== 'Not applicable',
  },
  {
    name: 'children by three or more partners only after a marriage',
    holds: (p) => !['3', '4 or more'].includes(p.kids_parents_number as string) || !answered(p.relationship_history) || wasMarried(p),
  },
  {
    name: 'no children at home in a dorm',
    holds: (p) => p.place_to_live !== 'Student home or dorm' || p.kids_at_home === 'No kids at home',
  },
  {
    name: 'memories of a shared life need one: furniture or vehicles after living together, real estate or a business after a marriage',
    holds: (p) => {
      if (!answered(p.relationship_history)) return true;
      if (['Furniture', 'Vehicles'].includes(p.memories_from_exes as string))
        return wasMarried(p) || has(p.relationship_history, 'Lived with a partner');
      if (['Real estate', 'Business'].includes(p.memories_from_exes as string)) return wasMarried(p);
      return true;
    },
  },
  {
    name: 'past childbearing age (women from 45, men from 55): at most one or two children wanted',
    holds: (p, age) => age < (p.gender === 'Man' ? 55 : 45) || ['No kids', '1-2'].includes(p.number_of_kids_wanted as string),
  },
  {
    name: 'starting a family means wanting children',
    holds: (p) => p.reason_to_marry !== 'To start a family' || p.number_of_kids_wanted !== 'No kids',
  },

  // Beliefs.
  {
    name: 'atheists: no religiosity, no religious ceremony',
    holds: (p) => p.religion !== 'Atheism' || (openOr(p.religiosity, 'Not applicable') && !has(p.desired_ceremony, 'Religious ceremony')),
  },
  {
    name: "a faith is practised somehow: religiosity 'Not applicable' only for atheists",
    holds: (p) => p.religiosity !== 'Not applicable' || p.religion === 'Atheism',
  },
  { name: 'religious duty only for the devout', holds: (p) => p.reason_to_marry !== 'Religious duty' || openOr(p.religiosity, ...DEVOUT) },
  {
    name: 'the strictly religious neither dress revealingly nor model nude',
    holds: (p) =>
      p.religiosity !== 'Strict' || (p.clothes_style !== 'Revealing' && !EXPOSED_MODELLING.includes(p.social_media_use as string)),
  },

  // Lifestyle and wishes.
  {
    name: 'trips abroad never outnumber trips',
    holds: (p) =>
      !answered(p.current_personal_travel) ||
      !answered(p.current_international_travel) ||
      rank(TRAVEL_FREQUENCIES, p.current_international_travel) >= rank(TRAVEL_FREQUENCIES, p.current_personal_travel),
  },
  {
    name: 'recipes follow cooking: who never cooks knows at most 3, who rarely does at most 10',
    holds: (p) =>
      (p.cooking_frequency !== 'Never' || openOr(p.recipes_known, '0-3')) &&
      (p.cooking_frequency !== 'Rarely' || openOr(p.recipes_known, '0-3', '4-10')),
  },
  {
    name: 'no dog or cat in a dorm',
    holds: (p) => p.place_to_live !== 'Student home or dorm' || (!has(p.pets_at_home, 'Dog(s)') && !has(p.pets_at_home, 'Cat(s)')),
  },
  {
    name: 'a small private ceremony and a large wedding celebration exclude each other',
    holds: (p) => !(has(p.desired_ceremony, 'Small private ceremony') && has(p.desired_ceremony, 'Large wedding celebration')),
  },

  // Body and childhood.
  {
    name: 'heights people reach: women 140-195 cm, men 150-215 cm',
    holds: (p) => {
      const [low, high] = HEIGHT_RANGE[p.gender as keyof typeof HEIGHT_RANGE];
      return (p.height as number) >= low && (p.height as number) <= high;
    },
  },
  {
    name: 'weight fits height: a body mass index between 16 and 45',
    holds: (p) => {
      const bmi = (p.weight as number) / ((p.height as number) / 100) ** 2;
      return bmi >= BODY_MASS_INDEX.min && bmi <= BODY_MASS_INDEX.max;
    },
  },
  {
    name: "parents' employment 'Not applicable' only for a childhood in care",
    holds: (p) => p.parents_employment !== 'Not applicable' || openOr(p.parent_presence, 'Raised in foster care or an institution'),
  },
  {
    name: 'raised by both parents together: they know whether a parent was in prison, and not both were',
    holds: (p) =>
      p.parent_presence !== 'Raised by both parents together' ||
      !['I do not know', 'Both parents were imprisoned'].includes(p.parents_imprisoned as string),
  },
];

/** The names of the rules `profile` breaks; none for a coherent member. */
export function brokenRules(profile: GeneratedProfile, age: number): string[] {
  const broken: string[] = [];
  for (const rule of CONSISTENCY_RULES) if (!rule.holds(profile, age)) broken.push(rule.name);
  return broken;
}
