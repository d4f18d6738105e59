/**
 * The member's profile: one per user, every field of the catalogue in server/contract/
 * profile-fields.ts. The username lives on users.
 *
 * Column kinds follow the catalogue: selects are text (face_self_rating, whose options are
 * numbers, is an integer), multi-selects text[], booleans boolean, height (cm) and weight (kg)
 * whole integers. Coordinates are derived by the server from home_city/state/country; members
 * never send them. A profile is deleted for real with its user (no soft delete).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  boolean,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { FILTER_BIT_WORDS, filterWordExpression } from './filter-bits.ts';

if (FILTER_BIT_WORDS > 6) throw new Error(`the list filters need ${FILTER_BIT_WORDS} bit words: add filter_bits columns`);

export const profiles = pgTable(
  'profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Normalised '+digits'; up to 5 accounts may share one (enforced by the profile service).
    phone: text('phone'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nativeLanguage: text('native_language'),
    /**
     * Chat-credit balance: always the sum of this profile's credit_ledger rows, changed only together
     * with a ledger row (modules/credits/credit-ledger.ts).
     */
    chats: integer('chats').notNull().default(0),

    // Photos: written by the upload flow only.
    photo1Url: text('photo1_url'),
    photo2Url: text('photo2_url'),
    photo3Url: text('photo3_url'),
    photo4Url: text('photo4_url'),
    photo5Url: text('photo5_url'),

    // Location: names as spelled by the offline dataset; coordinates derived from them.
    homeCountry: text('home_country'),
    homeState: text('home_state'),
    homeCity: text('home_city'),
    locationLatitude: doublePrecision('location_latitude'),
    locationLongitude: doublePrecision('location_longitude'),
    // The point on the unit sphere, kept by Postgres: discovery orders and filters by the chord
    // between two points, which grows with the great-circle distance, so no trigonometry runs per row.
    locationX: doublePrecision('location_x').generatedAlwaysAs(sql`cos(radians(location_latitude)) * cos(radians(location_longitude))`),
    locationY: doublePrecision('location_y').generatedAlwaysAs(sql`cos(radians(location_latitude)) * sin(radians(location_longitude))`),
    locationZ: doublePrecision('location_z').generatedAlwaysAs(sql`sin(radians(location_latitude))`),

    // Appearance & Health
    height: integer('height'),
    weight: integer('weight'),
    /** The whole pounds the member typed, while they still round to `weight` (see contract/units.ts). */
    weightLb: integer('weight_lb'),
    faceSelfRating: integer('face_self_rating'),
    tattoos: text('tattoos').array(),
    piercings: text('piercings').array(),
    cosmeticSurgeries: text('cosmetic_surgeries').array(),
    exerciseFrequency: text('exercise_frequency'),

    // Family & Childhood
    parentPresence: text('parent_presence'),
    parentsImprisoned: text('parents_imprisoned'),
    parentsEmployment: text('parents_employment'),
    siblingsNumber: text('siblings_number'),

    // Marital Status & Children
    relationshipStatus: text('relationship_status'),
    relationshipHistory: text('relationship_history').array(),
    bodyCount: text('body_count'),
    memoriesFromExes: text('memories_from_exes'),
    kidsAtHome: text('kids_at_home'),
    kidsParentsNumber: text('kids_parents_number'),
    divorcesNumber: text('divorces_number'),

    // Finances
    livelihood: text('livelihood'),
    annualIncome: text('annual_income'),
    debtsTotal: text('debts_total'),
    placeToLive: text('place_to_live'),
    dailyTransportation: text('daily_transportation'),
    brandOfDailyCar: text('brand_of_daily_car'),
    yachtOwner: boolean('yacht_owner'),
    privateAirplane: boolean('private_airplane'),

    // Lifestyle (beliefs and education included)
    education: text('education'),
    latestMajor: text('latest_major'),
    religion: text('religion'),
    religiosity: text('religiosity'),
    socialMediaUse: text('social_media_use'),
    cookingFrequency: text('cooking_frequency'),
    recipesKnown: text('recipes_known'),
    cookbook: boolean('cookbook'),
    homeChoresFrequency: text('home_chores_frequency'),
    petsAtHome: text('pets_at_home').array(),
    currentPersonalTravel: text('current_personal_travel'),
    currentInternationalTravel: text('current_international_travel'),
    clothesStyle: text('clothes_style'),

    // Relationship Expectations
    reasonToMarry: text('reason_to_marry'),
    moneyControl: text('money_control'),
    monthlyCashWant: text('monthly_cash_want'),
    monthlyCashProvide: text('monthly_cash_provide'),
    desiredCeremony: text('desired_ceremony').array(),
    desireToWorkInRelationship: boolean('desire_to_work_in_relationship'),
    clothesControl: text('clothes_control'),
    oppositeSexFriends: text('opposite_sex_friends'),
    minimumBetrothalGiftPrice: numeric('minimum_betrothal_gift_price', { precision: 12, scale: 2, mode: 'number' }),
    numberOfKidsWanted: text('number_of_kids_wanted'),

    /** computeCompleteness(profile).is_complete, written by every profile save; discovery shows only these. */
    isComplete: boolean('is_complete').notNull().default(false),
    /** Photo 1 passed moderation and matched the member's live face scan. */
    verified: boolean('verified').notNull().default(false),
    // The list filters' bits (filter-bits.ts), kept by Postgres from the columns above.
    filterBits1: bigint('filter_bits_1', { mode: 'bigint' }).generatedAlwaysAs(filterWordExpression(1)),
    filterBits2: bigint('filter_bits_2', { mode: 'bigint' }).generatedAlwaysAs(filterWordExpression(2)),
    filterBits3: bigint('filter_bits_3', { mode: 'bigint' }).generatedAlwaysAs(filterWordExpression(3)),
    filterBits4: bigint('filter_bits_4', { mode: 'bigint' }).generatedAlwaysAs(filterWordExpression(4)),
    filterBits5: bigint('filter_bits_5', { mode: 'bigint' }).generatedAlwaysAs(filterWordExpression(5)),
    filterBits6: bigint('filter_bits_6', { mode: 'bigint' }).generatedAlwaysAs(filterWordExpression(6)),

    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The balance is the sum of the credit ledger and can never go below zero.
    check('profiles_chats_not_negative', sql`${t.chats} >= 0`),
    index('profiles_phone_idx').on(t.phone),
    // Discovery (server/modules/discovery/): every column a discovery filter, the block and swipe
    // anti-joins and the ordering read, so candidate scans are index-only. Led by gender and the
    // place (latitude, longitude), then newest first: the place walk (discovery.places.ts) skips
    // from place to place and reads each place's candidates already in discovery order; a
    // whole-set query with a distance filter scans one latitude band.
    index('profiles_discovery_idx')
      .on(...discoveryPageColumns(t))
      .where(sql`${t.isComplete}`),
    // The place walk's count (discovery.places.ts): a place's candidates in no particular order,
    // led by date of birth so an age filter is an index range; every other filtered column
    // follows so the count stays index-only, without the page's ordering and coordinate columns.
    index('profiles_discovery_count_idx')
      .on(...discoveryCountColumns(t))
      .where(sql`${t.isComplete}`),
    // The same two over verified members only, for the "Verified members only" filter: `verified`
    // is no column of the two above, so with the flag the walk would visit the table for every
    // candidate it reads, and where few members are verified it would read nearly all of them
    // (1,000,000 members, none verified: 1.5 s for the page and as long for the count).
    index('profiles_discovery_verified_idx')
      .on(...discoveryPageColumns(t))
      .where(sql`${t.isComplete} and ${t.verified}`),
    index('profiles_discovery_verified_count_idx')
      .on(...discoveryCountColumns(t))
      .where(sql`${t.isComplete} and ${t.verified}`),
    // The place walk's check that a place holds anyone of the filtered country, state and city:
    // one probe per place (discovery.places.ts), where the wide index would read the whole place.
    index('profiles_discovery_place_idx')
      .on(t.gender, t.locationLatitude, t.locationLongitude, t.homeCountry, t.homeState, t.homeCity)
      .where(sql`${t.isComplete}`),
  ],
);

type IndexedColumns = [Partial<ExtraConfigColumn>, ...Partial<ExtraConfigColumn>[]];
type DiscoveryColumnName =
  | 'gender'
  | 'locationLatitude'
  | 'locationLongitude'
  | 'createdAt'
  | 'id'
  | 'dateOfBirth'
  | 'locationX'
  | 'locationY'
  | 'locationZ'
  | 'userId'
  | 'height'
  | 'weight'
  | 'faceSelfRating'
  | 'minimumBetrothalGiftPrice'
  | 'homeCountry'
  | 'homeState'
  | 'homeCity'
  | 'filterBits1'
  | 'filterBits2'
  | 'filterBits3'
  | 'filterBits4'
  | 'filterBits5'
  | 'filterBits6';
type DiscoveryColumns = Record<DiscoveryColumnName, ExtraConfigColumn>;

/** The page walk's index columns (profiles_discovery_idx and its verified twin). */
function discoveryPageColumns(t: DiscoveryColumns): IndexedColumns {
  return [
    t.gender,
    t.locationLatitude,
    t.locationLongitude,
    t.createdAt.desc(),
    t.id.desc(),
    t.dateOfBirth,
    t.locationX,
    t.locationY,
    t.locationZ,
    ...discoveryFilterColumns(t),
  ];
}

/** The count's index columns (profiles_discovery_count_idx and its verified twin). */
function discoveryCountColumns(t: DiscoveryColumns): IndexedColumns {
  return [t.gender, t.locationLatitude, t.locationLongitude, t.dateOfBirth, t.id, ...discoveryFilterColumns(t)];
}

/** What the filters and the block anti-join read, after each index's leading columns. */
function discoveryFilterColumns(t: DiscoveryColumns): ExtraConfigColumn[] {
  return [
    t.userId,
    t.height,
    t.weight,
    t.faceSelfRating,
    t.minimumBetrothalGiftPrice,
    t.homeCountry,
    t.homeState,
    t.homeCity,
    t.filterBits1,
    t.filterBits2,
    t.filterBits3,
    t.filterBits4,
    t.filterBits5,
    t.filterBits6,
  ];
}
