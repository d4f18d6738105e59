/**
 * A generated member's life story: the handful of facts that decide what a real person would
 * answer, drawn in the order life hands them out. Age first; then what the member does for a
 * living (students are young, only people of 60 and over are retired); schooling to match; an
 * income band that follows livelihood, schooling, age and country; a home and a car that the
 * income pays for (no Bentley below the top band, and many people own no car at all); and a
 * relationship past (previous marriages, divorces, children and where they live) that the age
 * allows. story-answers.ts turns the facts into profile answers, so no two answers contradict.
 *
 * Every step is a few weighted draws from the population's one seeded stream: cheap enough for
 * the million-member benchmark population, and the same members for the same seed.
 */
import type { LIVELIHOODS, PLACES_TO_LIVE, RELATIONSHIP_STATUSES } from '../contract/options.ts';
import type { Place } from './places.ts';
import { chance, clamp, normal, type Random, weighted, type Weighted } from './random.ts';

export type Livelihood = (typeof LIVELIHOODS)[number];
export type Housing = (typeof PLACES_TO_LIVE)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** Index into EDUCATIONS: 0 no formal education ... 2 high school, 5 bachelor, 8 post-doctoral. */
export type EducationLevel = number;
/** Index into ANNUAL_INCOMES: 0 under $50,000 ... 4 over $200,000. */
export type IncomeBand = number;
export type CarClass = 'economy' | 'premium' | 'luxury';

export const EDUCATION = { highSchool: 2, someCollege: 3, associate: 4, bachelor: 5, master: 6, doctor: 7, postDoctoral: 8 } as const;
export const INCOME = { under50k: 0, to75k: 1, to100k: 2, to200k: 3, over200k: 4 } as const;
export const RETIREMENT_AGE = 60;

export interface LifeStory {
  age: number;
  isMan: boolean;
  livelihood: Livelihood;
  education: EducationLevel;
  income: IncomeBand;
  housing: Housing;
  /** null: no car of one's own (transit, walking, a bicycle, a lift). */
  car: CarClass | null;
  relationshipStatus: RelationshipStatus;
  /** Past relationships, from the most to the least serious kind. */
  wasMarried: boolean;
  divorces: number;
  wasEngaged: boolean;
  livedWithPartner: boolean;
  longTermRelationship: boolean;
  /** Some dating, nothing serious. */
  datedCasually: boolean;
  /** Children the member has, wherever they live. */
  kids: number;
  /** Of those, still living with the member: young children, not grown ones. */
  kidsAtHome: number;
  /** Different other parents of the member's children (0 without children). */
  kidsParents: number;
}

/** Ages skew to 25-40 (three in four members), the rest spread evenly up to 78. */
export function drawAge(random: Random): number {
  return random() < 0.75 ? clamp(normal(random, 31, 6), 18, 70) : clamp(18 + random() * 60, 18, 78);
}

const LIVELIHOOD_BY_AGE: ReadonlyArray<readonly [number, Weighted<Livelihood>]> = [
  [
    21,
    [
      ['Student', 60],
      ['Employed', 28],
      ['Self-Employed', 2],
      ['Unemployed', 10],
    ],
  ],
  [
    24,
    [
      ['Student', 30],
      ['Employed', 55],
      ['Self-Employed', 5],
      ['Unemployed', 10],
    ],
  ],
  [
    29,
    [
      ['Student', 8],
      ['Employed', 75],
      ['Self-Employed', 10],
      ['Unemployed', 7],
    ],
  ],
  [
    39,
    [
      ['Student', 2],
      ['Employed', 75],
      ['Self-Employed', 16],
      ['Unemployed', 7],
    ],
  ],
  [
    RETIREMENT_AGE - 1,
    [
      ['Employed', 74],
      ['Self-Employed', 18],
      ['Unemployed', 8],
    ],
  ],
  [
    64,
    [
      ['Employed', 50],
      ['Self-Employed', 18],
      ['Retired', 27],
      ['Unemployed', 5],
    ],
  ],
  [
    69,
    [
      ['Employed', 22],
      ['Self-Employed', 12],
      ['Retired', 64],
      ['Unemployed', 2],
    ],
  ],
  [
    Infinity,
    [
      ['Employed', 6],
      ['Self-Employed', 6],
      ['Retired', 88],
    ],
  ],
];

function drawLivelihood(random: Random, age: number): Livelihood {
  const row = LIVELIHOOD_BY_AGE.find(([upTo]) => age <= upTo) as (typeof LIVELIHOOD_BY_AGE)[number];
  return weighted(random, row[1]);
}

/** Most common degrees first; the age caps below drop what nobody that young has finished. */
const EDUCATION_WEIGHTS = [1, 3, 24, 14, 8, 31, 14, 4, 1];

function highestEducationAt(age: number): EducationLevel {
  if (age < 20) return EDUCATION.someCollege;
  if (age < 22) return EDUCATION.associate;
  if (age < 24) return EDUCATION.bachelor;
  if (age < 27) return EDUCATION.master;
  if (age < 30) return EDUCATION.doctor;
  return EDUCATION.postDoctoral;
}

function drawEducation(random: Random, age: number, livelihood: Livelihood): EducationLevel {
  if (livelihood === 'Student') {
    // The schooling finished so far: undergraduates, then graduate students.
    if (age < 22)
      return weighted(random, [
        [EDUCATION.highSchool, 45],
        [EDUCATION.someCollege, 55],
      ]);
    if (age < 26)
      return weighted(random, [
        [EDUCATION.someCollege, 45],
        [EDUCATION.associate, 10],
        [EDUCATION.bachelor, 45],
      ]);
    return weighted(random, [
      [EDUCATION.someCollege, 5],
      [EDUCATION.bachelor, 50],
      [EDUCATION.master, 45],
    ]);
  }
  const cap = highestEducationAt(age);
  return weighted(
    random,
    EDUCATION_WEIGHTS.slice(0, cap + 1).map((w, level) => [level, w] as const),
  );
}

/** The highest band an age reaches: careers take years, so no six figures at 19 and nothing over $200,000 before 25. */
function highestIncomeAt(age: number): IncomeBand {
  return age < 21 ? INCOME.to75k : age < 25 ? INCOME.to200k : INCOME.over200k;
}

function drawIncome(random: Random, story: Pick<LifeStory, 'age' | 'livelihood' | 'education'>, place: Place): IncomeBand {
  return Math.min(highestIncomeAt(story.age), drawIncomeBand(random, story, place));
}

function drawIncomeBand(random: Random, story: Pick<LifeStory, 'age' | 'livelihood' | 'education'>, place: Place): IncomeBand {
  switch (story.livelihood) {
    case 'Student':
      return chance(random, 0.05) ? INCOME.to75k : INCOME.under50k;
    case 'Unemployed':
      return INCOME.under50k;
    case 'Retired':
      return weighted(random, [
        [0, 45],
        [1, 27],
        [2, 14],
        [3, 11],
        [4, 3],
      ]);
    default: {
      // A score on the band scale: schooling and experience raise it, dollar conversion lowers it.
      const schooling =
        story.education <= EDUCATION.highSchool
          ? -0.7
          : story.education < EDUCATION.bachelor
            ? -0.3
            : story.education === EDUCATION.bachelor
              ? 0.4
              : story.education === EDUCATION.master
                ? 0.9
                : 1.3;
      const experience = story.age < 23 ? -0.8 : story.age < 28 ? -0.3 : story.age < 35 ? 0.1 : story.age < RETIREMENT_AGE ? 0.35 : 0.2;
      const country = place.lowerIncomeCountry ? -1 : 0;
      // The self-employed spread wider: more small incomes and more large ones.
      const spread = story.livelihood === 'Self-Employed' ? 1.1 : 0.8;
      return clamp(normal(random, 1 + schooling + experience + country, spread), INCOME.under50k, INCOME.over200k);
    }
  }
}

function drawHousing(random: Random, story: Pick<LifeStory, 'age' | 'livelihood' | 'income'>): Housing {
  if (story.livelihood === 'Student') {
    return weighted(random, [
      ['Student home or dorm', 40],
      ['Live with parents', 30],
      ['Rent a home', 30],
    ]);
  }
  // Owning a home takes some years of earning; living with one's parents ends by fifty.
  if (story.age < 25)
    return weighted(random, [
      ['Live with parents', 35],
      ['Rent a home', 55],
      ['Own a home', story.age < 21 ? 0 : 5],
      ['Other', 5],
    ]);
  let own = 0.12 + 0.12 * story.income + (story.age >= 35 ? 0.15 : 0) + (story.age >= 55 ? 0.1 : 0);
  if (story.livelihood === 'Unemployed') own *= 0.5;
  const withParents =
    story.age >= 50 ? 0 : story.age < 35 && (story.livelihood === 'Unemployed' || story.income === INCOME.under50k) ? 0.1 : 0.02;
  return weighted(random, [
    ['Own a home', Math.min(own, 0.85)],
    ['Rent a home', 1 - Math.min(own, 0.85)],
    ['Live with parents', withParents],
    ['Other', 0.03],
  ]);
}

/** Share of each car class by income band: premium makes from $50,000, luxury ones only at the top. */
const CAR_CLASS_BY_INCOME: ReadonlyArray<Weighted<CarClass>> = [
  [['economy', 1]],
  [
    ['economy', 92],
    ['premium', 8],
  ],
  [
    ['economy', 82],
    ['premium', 18],
  ],
  [
    ['economy', 65],
    ['premium', 35],
  ],
  [
    ['economy', 25],
    ['premium', 50],
    ['luxury', 25],
  ],
];

function drawCar(random: Random, story: Pick<LifeStory, 'age' | 'livelihood' | 'income'>, place: Place): CarClass | null {
  let owns = place.transitCity ? 0.35 : place.country === 'United States' ? 0.85 : 0.5;
  if (story.livelihood === 'Student') owns *= 0.5;
  if (story.age < 20) owns *= 0.6;
  owns = Math.min(0.97, owns + 0.05 * story.income);
  return chance(random, owns) ? weighted(random, CAR_CLASS_BY_INCOME[story.income]) : null;
}

/** Chance of a previous marriage by age. */
function marriedBeforeChance(age: number): number {
  if (age < 23) return 0;
  if (age < 26) return 0.03;
  if (age < 30) return 0.08;
  if (age < 40) return 0.25;
  if (age < 50) return 0.4;
  return 0.5;
}

function drawStatus(random: Random, age: number): RelationshipStatus {
  return age < 21
    ? weighted(random, [
        ['Single', 88],
        ['Dating', 11],
        ['Engaged', 1],
      ])
    : weighted(random, [
        ['Single', 85],
        ['Dating', 9],
        ['Engaged', 2],
        ['Married', 4],
      ]);
}

function drawDivorces(random: Random, age: number): number {
  // A previous marriage that did not end in divorce ended with a death.
  if (chance(random, 0.15)) return 0;
  return age < 35
    ? weighted(random, [
        [1, 85],
        [2, 15],
      ])
    : weighted(random, [
        [1, 70],
        [2, 20],
        [3, 7],
        [4, 3],
      ]);
}

/** Children: likelier with age and after a marriage; young parents have few. */
function drawKids(
  random: Random,
  story: Pick<
    LifeStory,
    'age' | 'wasMarried' | 'longTermRelationship' | 'livedWithPartner' | 'wasEngaged' | 'datedCasually' | 'relationshipStatus'
  >,
): number {
  const serious =
    story.wasMarried || story.livedWithPartner || story.longTermRelationship || story.wasEngaged || story.relationshipStatus === 'Married';
  // Casual dating now and then leaves a child; never having been with anyone does not.
  if (!serious) return story.datedCasually && story.age >= 25 && chance(random, 0.04) ? 1 : 0;
  const { age } = story;
  let p = age < 22 ? 0.05 : age < 30 ? 0.18 : age < 40 ? 0.42 : age < 50 ? 0.62 : 0.68;
  if (story.wasMarried) p = Math.min(0.9, p * 1.3);
  if (!chance(random, p)) return 0;
  const most = age < 24 ? 1 : age < 28 ? 2 : age < 33 ? 4 : 8;
  return Math.min(
    most,
    weighted(random, [
      [1, 36],
      [2, 36],
      [3, 16],
      [4, 7],
      [5, 2.5],
      [6, 1.5],
      [7, 0.6],
      [8, 0.4],
    ]),
  );
}

/**
 * Children at home: young children live with a parent, grown ones have left. Between 38 and 55
 * the eldest move out one by one; after a divorce some children live with the other parent. A
 * student in a dorm has none there: the children live with the other parent or family.
 */
function drawKidsAtHome(random: Random, story: Pick<LifeStory, 'age' | 'kids' | 'divorces' | 'housing'>): number {
  const { age, kids } = story;
  if (kids === 0 || age >= 60 || story.housing === 'Student home or dorm') return 0;
  if (age >= 55) return chance(random, 0.15) ? 1 : 0;
  const grown = age < 38 ? 0 : Math.round(kids * ((age - 38) / 17));
  let home = kids - grown;
  if (story.divorces > 0 && chance(random, 0.4)) home = Math.floor(home * random());
  return Math.max(0, home);
}

/** Other parents of the children: one partner, or more after divorces and several children. */
function drawKidsParents(random: Random, story: Pick<LifeStory, 'kids' | 'divorces' | 'wasMarried'>): number {
  if (story.kids === 0) return 0;
  const relationships = Math.max(1, story.divorces + (story.wasMarried ? 1 : 0));
  const most = Math.min(story.kids, relationships + 1);
  let parents = 1;
  while (parents < most && chance(random, 0.25)) parents += 1;
  return parents;
}

/** Past relationships by age; a current partner means at least some dating behind. */
function drawHistory(random: Random, age: number, status: RelationshipStatus) {
  const wasMarried = chance(random, marriedBeforeChance(age));
  const adult = Math.min(1, Math.max(0, (age - 18) / 20));
  const livedWithPartner = wasMarried || chance(random, 0.08 + 0.35 * adult);
  const wasEngaged = !wasMarried && age >= 21 && chance(random, 0.1);
  // A member who is engaged or married is in a long-term relationship now.
  const committed = status === 'Engaged' || status === 'Married';
  const longTermRelationship = livedWithPartner || wasEngaged || committed || chance(random, 0.3 + 0.4 * adult);
  const neverChance = age < 22 ? 0.25 : age < 30 ? 0.08 : 0.03;
  const datedCasually = !longTermRelationship && (status !== 'Single' || !chance(random, neverChance));
  return { wasMarried, wasEngaged, livedWithPartner, longTermRelationship, datedCasually };
}

export function drawLifeStory(random: Random, place: Place): LifeStory {
  const isMan = random() < 0.5;
  const age = drawAge(random);
  const livelihood = drawLivelihood(random, age);
  const education = drawEducation(random, age, livelihood);
  const income = drawIncome(random, { age, livelihood, education }, place);
  const housing = drawHousing(random, { age, livelihood, income });
  const car = drawCar(random, { age, livelihood, income }, place);
  const relationshipStatus = drawStatus(random, age);
  const history = drawHistory(random, age, relationshipStatus);
  const divorces = history.wasMarried ? drawDivorces(random, age) : 0;
  const kids = drawKids(random, { age, relationshipStatus, ...history });
  const kidsAtHome = drawKidsAtHome(random, { age, kids, divorces, housing });
  const kidsParents = drawKidsParents(random, { kids, divorces, wasMarried: history.wasMarried });
  return {
    age,
    isMan,
    livelihood,
    education,
    income,
    housing,
    car,
    relationshipStatus,
    ...history,
    divorces,
    kids,
    kidsAtHome,
    kidsParents,
  };
}
