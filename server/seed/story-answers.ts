/**
 * From a life story (life-story.ts) to the profile's answers: every catalogue field the story
 * speaks to is derived from it, so the answers agree with each other (a student in a dorm, a
 * retiree who no longer wants to work, walking to work means no car brand, divorces only after
 * a marriage). Fields the story says nothing about (tattoos, pets, parents) are plain weighted
 * draws with the usual answers likelier. Optional fields are left unanswered a quarter of the
 * time, as real members leave them; required ones are always answered.
 */
import {
  ANNUAL_INCOMES,
  BODY_COUNTS,
  CAR_MAKES,
  CLOTHES_CONTROLS,
  COSMETIC_SURGERIES,
  DEBTS_TOTALS,
  EDUCATIONS,
  EXERCISE_FREQUENCIES,
  FACE_SELF_RATINGS,
  HOUSEHOLD_FREQUENCIES,
  KIDS_AT_HOME,
  MONEY_CONTROLS,
  MONTHLY_CASH_AMOUNTS,
  OPPOSITE_SEX_FRIENDS,
  PIERCINGS,
  SIBLINGS_NUMBERS,
  TATTOOS,
  TRAVEL_FREQUENCIES,
} from '../contract/options.ts';
import { PROFILE_FIELDS } from '../contract/profile-fields.ts';
import { type CarClass, EDUCATION, INCOME, type LifeStory } from './life-story.ts';
import type { Place } from './places.ts';
import { chance, clamp, normal, type Random, skewed, weighted, type Weighted } from './random.ts';

type CarMake = (typeof CAR_MAKES)[number];

/** Makes by class; within a class, the best sellers likelier. */
const MAKES: Record<CarClass, Weighted<CarMake>> = {
  economy: [
    ['Toyota', 16],
    ['Honda', 12],
    ['Ford', 12],
    ['Chevrolet', 10],
    ['Nissan', 8],
    ['Hyundai', 7],
    ['Volkswagen', 7],
    ['Kia', 6],
    ['Jeep', 5],
    ['Mazda', 4],
    ['Subaru', 4],
    ['Peugeot', 2],
    ['Renault', 2],
  ],
  premium: [
    ['BMW', 18],
    ['Mercedes-Benz', 18],
    ['Audi', 15],
    ['Lexus', 12],
    ['Tesla', 14],
    ['Volvo', 10],
    ['Land Rover', 8],
    ['Jaguar', 5],
  ],
  luxury: [
    ['Porsche', 50],
    ['Bentley', 15],
    ['Ferrari', 12],
    ['Lamborghini', 10],
    ['Rolls-Royce', 13],
  ],
};
/** The makes only the top income band drives. */
export const LUXURY_MAKES: ReadonlySet<string> = new Set(MAKES.luxury.map(([make]) => make));

/** Getting around without a car of one's own: transit cities lean on trains, elsewhere on lifts and two wheels. */
const CARLESS_TRANSPORT: Record<'transit' | 'elsewhere', Weighted<string>> = {
  transit: [
    ['Public transportation', 58],
    ['Walking', 15],
    ['Bicycle', 10],
    ['Carpool', 6],
    ['Taxi ride', 6],
    ['Motorcycle', 3],
    ['Other', 2],
  ],
  elsewhere: [
    ['Public transportation', 35],
    ['Carpool', 20],
    ['Walking', 14],
    ['Bicycle', 10],
    ['Motorcycle', 12],
    ['Taxi ride', 4],
    ['Other', 5],
  ],
};

function transport(random: Random, story: LifeStory, place: Place): { daily_transportation: string; brand_of_daily_car: string } {
  if (story.car === null) {
    const daily = weighted(random, CARLESS_TRANSPORT[place.transitCity ? 'transit' : 'elsewhere']);
    // A daily taxi is a cost only the better paid carry.
    return {
      daily_transportation: daily === 'Taxi ride' && story.income < INCOME.to100k ? 'Public transportation' : daily,
      brand_of_daily_car: 'Not applicable',
    };
  }
  const driver = story.income === INCOME.over200k ? 8 : 0;
  return {
    daily_transportation: weighted(random, [
      ['Private car', 88],
      ['Carpool', 7],
      ['Car with private driver', driver],
    ]),
    brand_of_daily_car: chance(random, 0.02) && story.car === 'economy' ? 'Other' : weighted(random, MAKES[story.car]),
  };
}

/** Mortgages need a home, student loans a college, and what a member owes stays within reach of the income. */
function debts(random: Random, story: LifeStory): string {
  const level = (amount: (typeof DEBTS_TOTALS)[number]) => DEBTS_TOTALS.indexOf(amount);
  const between = (low: number, high: number) => DEBTS_TOTALS[low + Math.floor(random() * (high - low + 1))];
  if (story.livelihood === 'Student') {
    return weighted(random, [
      ['No debt', 40],
      ['Up to $5,000', 15],
      ['Up to $10,000', 12],
      ['Up to $15,000', 10],
      ['Up to $25,000', 12],
      ['Up to $50,000', 8],
      ['Up to $100,000', 3],
    ]);
  }
  if (story.housing === 'Own a home') {
    // A mortgage, paid off by many older owners; the bigger ones for the bigger incomes.
    if (chance(random, story.age >= 60 ? 0.6 : 0.25)) return 'No debt';
    const largest = (['Up to $200,000', 'Up to $350,000', 'Up to $350,000', 'Up to $1,000,000', 'Over $1,000,000'] as const)[story.income];
    return between(level('Up to $100,000'), level(largest));
  }
  if (chance(random, 0.45)) return 'No debt';
  return between(level('Up to $5,000'), level(story.income === INCOME.under50k ? 'Up to $25,000' : 'Up to $50,000'));
}

const MAJORS_COLLEGE: Weighted<string> = [
  ['STEM', 25],
  ['Non-STEM', 35],
  ['Psychology', 8],
  ['Cosmetology', 12],
  ['Liberal Arts', 15],
  ['Law', 2],
];
const MAJORS_DEGREE: Weighted<string> = [
  ['STEM', 35],
  ['Non-STEM', 35],
  ['Law', 7],
  ['Psychology', 8],
  ['Liberal Arts', 15],
];

function major(random: Random, story: LifeStory): string {
  if (story.education <= EDUCATION.highSchool) return 'Not applicable';
  return weighted(random, story.education < EDUCATION.bachelor ? MAJORS_COLLEGE : MAJORS_DEGREE);
}

/** Relationship history, most telling first, at most two answers (as the edit form invites). */
function history(story: LifeStory): string[] {
  const past = [
    story.wasMarried && 'Was married before',
    story.wasEngaged && 'Was engaged before',
    story.livedWithPartner && 'Lived with a partner',
    story.longTermRelationship && 'Long-term relationship(s)',
  ].filter((x): x is string => Boolean(x));
  if (past.length > 0) return past.slice(0, 2);
  return [story.datedCasually ? 'Casual dating only' : 'Never been in a relationship'];
}

function divorces(random: Random, story: LifeStory): string {
  if (story.divorces > 0) return story.divorces >= 4 ? '4 or more' : String(story.divorces);
  // Never married: either answer is true; people pick both.
  if (!story.wasMarried && story.relationshipStatus !== 'Married') return chance(random, 0.5) ? 'Not applicable' : 'Never divorced';
  return 'Never divorced';
}

/**
 * Partners so far: none without a relationship of any kind; then more with the years (at most ten
 * before 21, never a hundred before 25), and few for the strictly religious.
 */
function bodyCount(random: Random, story: LifeStory, strict: boolean): string {
  const neverTogether = !story.longTermRelationship && !story.datedCasually;
  if (neverTogether) return 'virgin';
  const couldBeVirgin = story.kids === 0 && !story.wasMarried && story.relationshipStatus !== 'Married' && !story.livedWithPartner;
  const virgin = couldBeVirgin ? (strict ? 35 : 6) : 0;
  const young = story.age < 25;
  const many = strict || story.age < 21 ? 0 : 1;
  return weighted(random, [
    ['virgin', virgin],
    ['1-5', 45],
    ['6-10', young ? 20 : 26],
    ['11-20', many * (young ? 9 : 15)],
    ['21-100', many * (young ? 4 : 8)],
    ['100+', young ? 0 : many * 0.6],
  ] as Weighted<(typeof BODY_COUNTS)[number]>);
}

function memories(random: Random, story: LifeStory): string {
  if (!story.longTermRelationship && !story.datedCasually) return 'No memories';
  const sharedLife = story.wasMarried || story.livedWithPartner;
  return weighted(random, [
    ['No memories', 35],
    ['Photos', 30],
    ['Pets', sharedLife ? 8 : 3],
    ['Jewelry', 10],
    ['Furniture', sharedLife ? 8 : 0],
    ['Vehicles', sharedLife ? 4 : 0],
    ['Real estate', story.wasMarried ? 4 : 0],
    ['Business', story.wasMarried ? 2 : 0],
  ]);
}

function kidsWanted(random: Random, story: LifeStory, strict: boolean): string {
  const pastChildbearing = story.isMan ? story.age >= 55 : story.age >= 45;
  if (pastChildbearing)
    return weighted(random, [
      ['No kids', 75],
      ['1-2', 25],
    ]);
  if (story.kids >= 3 && story.age >= 40)
    return weighted(random, [
      ['No kids', 70],
      ['1-2', 25],
      ['No limit', 5],
    ]);
  return weighted(random, [
    ['No kids', 10],
    ['1-2', 35],
    ['2-3', 30],
    ['3-4', strict ? 20 : 12],
    ['5+', strict ? 8 : 3],
    ['No limit', 9],
  ]);
}

function reasonToMarry(random: Random, wantsKids: boolean, devout: boolean): string {
  return weighted(random, [
    ['Love and companionship', 45],
    ['To start a family', wantsKids ? 25 : 0],
    ['Religious duty', devout ? 12 : 0],
    ['Financial security', 7],
    ['Family expectations', 8],
    ['Legal or residency reasons', 1.5],
    ['Other reason', 4],
  ]);
}

function religiosity(random: Random, religion: string, place: Place): string {
  if (religion === 'Atheism') return 'Not applicable';
  const devoutCountry = ['Pakistan', 'Egypt', 'Nigeria', 'Indonesia', 'India', 'Philippines', 'United Arab Emirates', 'Turkey'].includes(
    place.country,
  );
  return weighted(random, [
    ['Strict', devoutCountry ? 30 : 12],
    ['Medium', 38],
    ['Relaxed', 30],
    ['In name only', devoutCountry ? 6 : 20],
  ]);
}

function ceremonies(random: Random, story: LifeStory, religion: string, devout: boolean): string[] {
  const secondWedding = story.wasMarried || story.age >= 50;
  const first = weighted(random, [
    ['No ceremony (civil registration only)', secondWedding ? 15 : 5],
    ['Small private ceremony', secondWedding ? 35 : 20],
    ['Religious ceremony', religion === 'Atheism' ? 0 : devout ? 45 : 12],
    ['Traditional or cultural ceremony', 15],
    ['Large wedding celebration', secondWedding ? 6 : 25],
    ['Destination wedding', story.income >= INCOME.to100k ? 12 : 4],
  ]);
  if (first === 'No ceremony (civil registration only)' || chance(random, 0.75)) return [first];
  const seconds: Weighted<string> = [
    ['Small private ceremony', 20],
    ['Traditional or cultural ceremony', 15],
    ['Large wedding celebration', 15],
    ['Destination wedding', 8],
  ];
  // A second wish that goes with the first: never both a small private and a large wedding.
  const clashes = (o: string) =>
    o === first ||
    (first === 'Small private ceremony' && o === 'Large wedding celebration') ||
    (first === 'Large wedding celebration' && o === 'Small private ceremony');
  const second = weighted(
    random,
    seconds.filter(([o]) => !clashes(o)),
  );
  return [first, second];
}

function clothesStyle(random: Random, story: LifeStory, strict: boolean): string {
  const young = story.age < 35;
  return weighted(random, [
    ['Modest and covered', strict ? 30 : 4],
    ['Traditional or cultural', strict ? 15 : 5],
    ['Classic and elegant', young ? 12 : 25],
    ['Casual', 40],
    ['Sporty', young ? 18 : 8],
    ['Trendy and fashionable', young ? 16 : 5],
    ['Revealing', young && !strict ? 2 : 0],
  ]);
}

function socialMedia(random: Random, age: number, strict: boolean): string {
  if (age >= 60)
    return weighted(random, [
      ['No presence', 35],
      ['Family only', 40],
      ['Private profile', 20],
      ['Public profile', 5],
    ]);
  const exposed = strict ? 0 : 1;
  return weighted(random, [
    ['No presence', 8],
    ['Family only', 14],
    ['Private profile', 45],
    ['Public profile', 26],
    ['Influencer', 4],
    ['Model', 2],
    ['Partially of fully nude model', exposed * 0.4],
    ['Adult Content Model', exposed * 0.3],
  ]);
}

/** How often the member travels, by income; trips abroad never outnumber trips in general. */
function travel(random: Random, story: LifeStory): { personal: string; international: string } {
  const rich = story.income / INCOME.over200k;
  const personal = weighted(random, [
    [0, 2 + 18 * rich],
    [1, 8 + 22 * rich],
    [2, 40 + 5 * rich],
    [3, 40 - 32 * rich],
    [4, 10 - 10 * rich],
  ]);
  const abroad = Math.min(
    4,
    personal +
      weighted(random, [
        [0, 20 + 20 * rich],
        [1, 45],
        [2, 35 - 20 * rich],
      ]),
  );
  return { personal: TRAVEL_FREQUENCIES[personal], international: TRAVEL_FREQUENCIES[abroad] };
}

function cooking(random: Random): { cooking_frequency: string; recipes_known: string; cookbook: boolean } {
  const frequency = weighted(random, [
    ['Daily', 25],
    ['As needed', 25],
    ['Weekly', 15],
    ['Sometimes', 18],
    ['Rarely', 12],
    ['Never', 5],
  ] as Weighted<(typeof HOUSEHOLD_FREQUENCIES)[number]>);
  const often = frequency === 'Daily' || frequency === 'As needed' || frequency === 'Weekly';
  const seldom = frequency === 'Rarely' || frequency === 'Never';
  const recipes =
    frequency === 'Never'
      ? '0-3'
      : seldom
        ? weighted(random, [
            ['0-3', 70],
            ['4-10', 30],
          ])
        : weighted(random, [
            ['0-3', often ? 5 : 20],
            ['4-10', 35],
            ['10-15', 28],
            ['16-20', often ? 15 : 8],
            ['over 20 recipes', often ? 17 : 4],
          ]);
  return { cooking_frequency: frequency, recipes_known: recipes, cookbook: chance(random, often ? 0.5 : seldom ? 0.05 : 0.25) };
}

/** Monthly cash a member can give is bounded by the income band; wanting some is commoner without an income. */
function monthlyCash(random: Random, story: LifeStory): { want: string; provide: string } {
  const mostGiven = [1, 2, 3, 5, 9][story.income];
  const provide = chance(random, 0.5) ? 0 : 1 + Math.floor(random() * mostGiven);
  const noIncome = story.livelihood === 'Student' || story.livelihood === 'Unemployed';
  const want = chance(random, noIncome ? 0.35 : 0.6) ? 0 : clamp(Math.abs(normal(random, 0, 2.2)) + 1, 1, 9);
  return { want: MONTHLY_CASH_AMOUNTS[want], provide: MONTHLY_CASH_AMOUNTS[Math.min(provide, mostGiven)] };
}

function parents(random: Random): { parent_presence: string; parents_employment: string; parents_imprisoned: string } {
  const presence = weighted(random, [
    ['Raised by both parents together', 62],
    ['Raised by separated parents in turn', 8],
    ['Raised mostly by my mother', 14],
    ['Raised mostly by my father', 3],
    ['Raised by a parent and a step-parent', 6],
    ['Raised by grandparents or relatives', 4],
    ['Raised by adoptive parents', 2],
    ['Raised in foster care or an institution', 1],
  ]);
  const employment =
    presence === 'Raised mostly by my mother'
      ? weighted(random, [
          ['Only my mother worked', 70],
          ['Both parents worked', 20],
          ['Neither parent worked', 10],
        ])
      : presence === 'Raised mostly by my father'
        ? weighted(random, [
            ['Only my father worked', 75],
            ['Both parents worked', 20],
            ['Neither parent worked', 5],
          ])
        : presence === 'Raised in foster care or an institution'
          ? weighted(random, [
              ['Not applicable', 70],
              ['Neither parent worked', 30],
            ])
          : weighted(random, [
              ['Both parents worked', 52],
              ['Only my father worked', 35],
              ['Only my mother worked', 8],
              ['Neither parent worked', 5],
            ]);
  const fosterCare = presence === 'Raised in foster care or an institution';
  // Children raised by both parents together know whether one was in prison, and both were not.
  const together = presence === 'Raised by both parents together' ? 0 : 1;
  const imprisoned = weighted(random, [
    ['Neither parent was imprisoned', fosterCare ? 45 : 93],
    ['My father was imprisoned', 4.5],
    ['My mother was imprisoned', 0.8],
    ['Both parents were imprisoned', together * 0.3],
    ['I do not know', together * (fosterCare ? 40 : 1.4)],
  ]);
  return { parent_presence: presence, parents_employment: employment, parents_imprisoned: imprisoned };
}

/** One answer, or now and then two, from a list whose first entry is its "none" answer. */
function fewOf(random: Random, choices: Weighted<string>): string[] {
  const first = weighted(random, choices);
  if (first === choices[0][0] || chance(random, 0.7)) return [first];
  const second = weighted(
    random,
    choices.filter(([o]) => o !== first && o !== choices[0][0]),
  );
  return [first, second];
}

/** Tables built once: the generator runs a million times for the benchmark population. */
const REQUIRED: ReadonlySet<string> = new Set(PROFILE_FIELDS.filter((f) => f.requiredForCompleteness).map((f) => f.name));
const FACE_RATINGS = FACE_SELF_RATINGS.map((r, i) => [r, [0.5, 1, 2, 5, 15, 25, 25, 16, 8, 1.5][i]] as const);
const SIBLINGS = SIBLINGS_NUMBERS.map((o, i) => [o, [15, 35, 25, 13, 12][i]] as const);
const EXERCISE = {
  younger: EXERCISE_FREQUENCIES.map((o, i) => [o, [10, 32, 20, 15, 14, 6][i]] as const),
  older: EXERCISE_FREQUENCIES.map((o, i) => [o, [10, 32, 20, 15, 18, 6][i]] as const),
};

function appearance(random: Random, story: LifeStory) {
  const young = story.age < 40;
  const [, smallHidden, largeHidden, smallVisible, largeVisible, face] = TATTOOS;
  const [, ears, nose, otherFace, tongue, hiddenBody] = PIERCINGS;
  const [, noseJob, lift, fillers, breast, lipo, hair, other] = COSMETIC_SURGERIES;
  return {
    face_self_rating: weighted(random, FACE_RATINGS),
    tattoos: fewOf(random, [
      [TATTOOS[0], young ? 58 : 75],
      [smallHidden, 14],
      [largeHidden, 6],
      [smallVisible, 12],
      [largeVisible, 6],
      [face, 1],
    ]),
    piercings: fewOf(
      random,
      story.isMan
        ? [
            [PIERCINGS[0], 80],
            [ears, 12],
            [nose, 2],
            [otherFace, 2],
            [tongue, 1],
            [hiddenBody, 1],
          ]
        : [
            [PIERCINGS[0], 25],
            [ears, 62],
            [nose, 8],
            [otherFace, 2],
            [tongue, 1],
            [hiddenBody, 2],
          ],
    ),
    cosmetic_surgeries: fewOf(random, [
      [COSMETIC_SURGERIES[0], 88],
      [noseJob, 2],
      [lift, story.age >= 40 ? 2 : 0],
      [fillers, story.isMan ? 0.5 : 4],
      [breast, story.isMan ? 0 : 3],
      [lipo, 1.5],
      [hair, story.isMan ? 3 : 0],
      [other, 1],
    ]),
    exercise_frequency: weighted(random, story.age >= 60 ? EXERCISE.older : EXERCISE.younger),
  };
}

/** Every answer but the basics population.ts draws itself (gender, birth date, place, body, religion, photo). */
export function answersFor(random: Random, story: LifeStory, place: Place, religion: string): Record<string, unknown> {
  const devotion = religiosity(random, religion, place);
  const strict = devotion === 'Strict';
  const devout = strict || devotion === 'Medium';
  const wanted = kidsWanted(random, story, strict);
  const trips = travel(random, story);
  const cash = monthlyCash(random, story);
  const answers: Record<string, unknown> = {
    // Marital status and children.
    relationship_status: story.relationshipStatus,
    relationship_history: history(story),
    body_count: bodyCount(random, story, strict),
    memories_from_exes: memories(random, story),
    kids_at_home: story.kidsAtHome === 0 ? 'No kids at home' : KIDS_AT_HOME[Math.min(story.kidsAtHome, 7)],
    kids_parents_number: story.kidsParents === 0 ? 'Not applicable' : story.kidsParents >= 4 ? '4 or more' : String(story.kidsParents),
    divorces_number: divorces(random, story),
    // Finances.
    livelihood: story.livelihood,
    annual_income: ANNUAL_INCOMES[story.income],
    debts_total: debts(random, story),
    place_to_live: story.housing,
    ...transport(random, story, place),
    yacht_owner: story.income === INCOME.over200k && chance(random, 0.06),
    private_airplane: story.income === INCOME.over200k && chance(random, 0.02),
    // Schooling, beliefs and lifestyle.
    education: EDUCATIONS[story.education],
    latest_major: major(random, story),
    religiosity: devotion,
    social_media_use: socialMedia(random, story.age, strict),
    ...cooking(random),
    home_chores_frequency: skewed(random, HOUSEHOLD_FREQUENCIES),
    pets_at_home: fewOf(
      random,
      story.housing === 'Student home or dorm'
        ? [
            ['No pets', 90],
            ['Fish', 6],
            ['Other', 4],
          ]
        : [
            ['No pets', 45],
            ['Dog(s)', 28],
            ['Cat(s)', 22],
            ['Fish', 5],
            ['Reptile(s)', 2],
            ['Other', 3],
          ],
    ),
    current_personal_travel: trips.personal,
    current_international_travel: trips.international,
    clothes_style: clothesStyle(random, story, strict),
    // Appearance and childhood.
    ...appearance(random, story),
    ...parents(random),
    siblings_number: weighted(random, SIBLINGS),
    // What the member expects of a marriage.
    reason_to_marry: reasonToMarry(random, wanted !== 'No kids', devout),
    money_control: skewed(random, MONEY_CONTROLS),
    monthly_cash_want: cash.want,
    monthly_cash_provide: cash.provide,
    desired_ceremony: ceremonies(random, story, religion, devout),
    desire_to_work_in_relationship: story.livelihood === 'Retired' ? chance(random, 0.15) : chance(random, 0.75),
    clothes_control: skewed(random, CLOTHES_CONTROLS),
    opposite_sex_friends: skewed(random, OPPOSITE_SEX_FRIENDS),
    minimum_betrothal_gift_price: random() < 0.5 ? null : Math.round(Math.exp(normal(random, 8, 1.5)) / 100) * 100,
    number_of_kids_wanted: wanted,
  };
  // Members skip optional questions now and then; the required ones they must answer.
  for (const name of Object.keys(answers)) {
    if (!REQUIRED.has(name) && random() < 0.25) answers[name] = null;
  }
  return answers;
}
