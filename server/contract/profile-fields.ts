/**
 * The profile field catalogue: one descriptor per profile field. The edit form renders from it,
 * the server cleans PATCH bodies with it (profile-validation.ts), completeness is computed from
 * its flags and the filters map onto it.
 *
 * Stored units are metric: height in whole cm, weight in whole kg.
 * Bounds and the required-for-completeness choice are explained in docs/decisions.md.
 */

import {
  ANNUAL_INCOMES,
  BODY_COUNTS,
  CAR_BRANDS,
  CLOTHES_CONTROLS,
  CLOTHES_STYLES,
  COSMETIC_SURGERIES,
  DAILY_TRANSPORTATIONS,
  DEBTS_TOTALS,
  DESIRED_CEREMONIES,
  DIVORCES_NUMBERS,
  EDUCATIONS,
  EXERCISE_FREQUENCIES,
  FACE_SELF_RATINGS,
  GENDERS,
  HOUSEHOLD_FREQUENCIES,
  KIDS_AT_HOME,
  KIDS_PARENTS_NUMBERS,
  KIDS_WANTED,
  LATEST_MAJORS,
  LIVELIHOODS,
  MEMORIES_FROM_EXES,
  MONEY_CONTROLS,
  MONTHLY_CASH_AMOUNTS,
  NATIVE_LANGUAGES,
  NONE_OPTIONS,
  OPPOSITE_SEX_FRIENDS,
  type OptionList,
  PARENT_PRESENCES,
  PARENTS_EMPLOYMENTS,
  PARENTS_IMPRISONED,
  PETS,
  PIERCINGS,
  PLACES_TO_LIVE,
  REASONS_TO_MARRY,
  RECIPES_KNOWN,
  RELATIONSHIP_HISTORIES,
  RELATIONSHIP_STATUSES,
  RELIGIONS,
  RELIGIOSITIES,
  SIBLINGS_NUMBERS,
  SOCIAL_MEDIA_USES,
  TATTOOS,
  TRAVEL_FREQUENCIES,
} from './options.ts';

/** Edit-screen sections in the order the edit screen shows them, Photos first. */
export const SECTIONS = [
  'Photos',
  'Basics',
  'Location',
  'Appearance & Health',
  'Family & Childhood',
  'Marital Status & Children',
  'Finances',
  'Lifestyle',
  'Relationship Expectations',
] as const;

export type ProfileSection = (typeof SECTIONS)[number];
export type FieldKind = 'text' | 'date' | 'integer' | 'number' | 'boolean' | 'select' | 'multiselect';

export interface ProfileFieldDescriptor {
  readonly name: string;
  readonly kind: FieldKind;
  readonly section: ProfileSection;
  readonly label: string;
  /** Allowed values of a select or multiselect, in display order. */
  readonly options?: OptionList;
  /** Counted by computeCompleteness (see requiredWhen for a conditional requirement). */
  readonly requiredForCompleteness: boolean;
  /** Only required when another field holds this value (home_state for the United States). */
  readonly requiredWhen?: { readonly field: string; readonly equals: string };
  /** Inclusive bounds of integer and number fields, in the stored unit. */
  readonly min?: number;
  readonly max?: number;
  readonly unit?: 'cm' | 'kg' | 'lb' | 'USD';
  /** Longest accepted text. */
  readonly maxLength?: number;
  /** Multiselect value that must stand alone ('No tattoos'). */
  readonly noneOption?: string;
  /** False for fields set by other flows (photos come from the upload flow). */
  readonly editable: boolean;
}

export const HEIGHT_CM = { min: 90, max: 250 } as const;
export const WEIGHT_KG = { min: 30, max: 300 } as const;
/** The pounds that round to WEIGHT_KG's ends (66 lb is 29.9 kg, 661 lb is 299.8 kg). */
export const WEIGHT_LB = { min: 66, max: 661 } as const;
export const BETROTHAL_GIFT_USD = { min: 0, max: 100_000_000 } as const;
export const LOCATION_MAX_LENGTH = 100;
export const UNITED_STATES = 'United States';

type Options = { required?: boolean; section: ProfileSection };

function field<N extends string, K extends FieldKind>(
  name: N,
  kind: K,
  section: ProfileSection,
  label: string,
  extra: Partial<Omit<ProfileFieldDescriptor, 'name' | 'kind' | 'section' | 'label'>> = {},
) {
  return { name, kind, section, label, requiredForCompleteness: false, editable: true, ...extra };
}

function select<N extends string, O extends OptionList>(name: N, label: string, options: O, o: Options) {
  // Options kept at their own type, so a numeric select reads back as a number (ProfileFieldValues).
  return { ...field(name, 'select', o.section, label, { requiredForCompleteness: o.required ?? false }), options };
}

function multi<N extends keyof typeof NONE_OPTIONS>(name: N, label: string, options: OptionList, section: ProfileSection) {
  return field(name, 'multiselect', section, label, { options, noneOption: NONE_OPTIONS[name] });
}

function bool<N extends string>(name: N, label: string, section: ProfileSection) {
  return field(name, 'boolean', section, label);
}

const BASICS = { section: 'Basics' } as const;
const APPEARANCE = { section: 'Appearance & Health' } as const;
const FAMILY = { section: 'Family & Childhood' } as const;
const MARITAL = { section: 'Marital Status & Children' } as const;
const FINANCES = { section: 'Finances' } as const;
const LIFESTYLE = { section: 'Lifestyle' } as const;
const EXPECTATIONS = { section: 'Relationship Expectations' } as const;
const REQUIRED = { required: true } as const;

const photo = <N extends string>(name: N, n: number, required = false) =>
  field(name, 'text', 'Photos', `Photo ${n}`, { requiredForCompleteness: required, editable: false });

const CATALOGUE = [
  // Photos: set by the upload flow, never by PATCH; listed so completeness can count photo 1.
  photo('photo1_url', 1, true),
  photo('photo2_url', 2),
  photo('photo3_url', 3),
  photo('photo4_url', 4),
  photo('photo5_url', 5),

  field('username', 'text', 'Basics', 'Username'),
  field('phone', 'text', 'Basics', 'Phone'),
  field('date_of_birth', 'date', 'Basics', 'Date of birth', { requiredForCompleteness: true }),
  select('gender', 'Gender', GENDERS, { ...BASICS, ...REQUIRED }),
  select('native_language', 'Native language', NATIVE_LANGUAGES, { ...BASICS, ...REQUIRED }),

  field('home_country', 'text', 'Location', 'Country', {
    requiredForCompleteness: true,
    maxLength: LOCATION_MAX_LENGTH,
  }),
  field('home_state', 'text', 'Location', 'State', {
    requiredForCompleteness: true,
    requiredWhen: { field: 'home_country', equals: UNITED_STATES },
    maxLength: LOCATION_MAX_LENGTH,
  }),
  field('home_city', 'text', 'Location', 'City', {
    requiredForCompleteness: true,
    maxLength: LOCATION_MAX_LENGTH,
  }),

  field('height', 'integer', 'Appearance & Health', 'Height', {
    requiredForCompleteness: true,
    ...HEIGHT_CM,
    unit: 'cm',
  }),
  field('weight', 'integer', 'Appearance & Health', 'Weight', {
    requiredForCompleteness: true,
    ...WEIGHT_KG,
    unit: 'kg',
  }),
  // The pounds a member typed, kept because whole kilograms cannot hold every whole pound: a
  // member's own number must come back as typed (units.ts poundsOf). Set with the kilograms.
  field('weight_lb', 'integer', 'Appearance & Health', 'Weight in pounds', {
    ...WEIGHT_LB,
    unit: 'lb',
  }),
  select('face_self_rating', 'Face self rating', FACE_SELF_RATINGS, APPEARANCE),
  multi('tattoos', 'Tattoos', TATTOOS, 'Appearance & Health'),
  multi('piercings', 'Piercings', PIERCINGS, 'Appearance & Health'),
  multi('cosmetic_surgeries', 'Cosmetic surgeries', COSMETIC_SURGERIES, 'Appearance & Health'),
  select('exercise_frequency', 'Exercise', EXERCISE_FREQUENCIES, APPEARANCE),

  select('parent_presence', 'Parent presence', PARENT_PRESENCES, FAMILY),
  select('parents_imprisoned', 'Parents imprisoned', PARENTS_IMPRISONED, FAMILY),
  select('parents_employment', 'Parents employment', PARENTS_EMPLOYMENTS, FAMILY),
  select('siblings_number', 'Siblings', SIBLINGS_NUMBERS, FAMILY),

  select('relationship_status', 'Relationship status', RELATIONSHIP_STATUSES, { ...MARITAL, ...REQUIRED }),
  multi('relationship_history', 'Relationship history', RELATIONSHIP_HISTORIES, 'Marital Status & Children'),
  select('body_count', 'Body count', BODY_COUNTS, MARITAL),
  select('memories_from_exes', 'Memories from exes', MEMORIES_FROM_EXES, MARITAL),
  select('kids_at_home', 'Kids at home', KIDS_AT_HOME, { ...MARITAL, ...REQUIRED }),
  select('kids_parents_number', 'Kids from partners', KIDS_PARENTS_NUMBERS, MARITAL),
  select('divorces_number', 'Divorces', DIVORCES_NUMBERS, MARITAL),

  select('livelihood', 'Livelihood', LIVELIHOODS, { ...FINANCES, ...REQUIRED }),
  select('annual_income', 'Annual income', ANNUAL_INCOMES, { ...FINANCES, ...REQUIRED }),
  select('debts_total', 'Debts', DEBTS_TOTALS, FINANCES),
  select('place_to_live', 'Place to live', PLACES_TO_LIVE, FINANCES),
  select('daily_transportation', 'Daily transportation', DAILY_TRANSPORTATIONS, FINANCES),
  select('brand_of_daily_car', 'Brand of daily car', CAR_BRANDS, FINANCES),
  bool('yacht_owner', 'Yacht owner', 'Finances'),
  bool('private_airplane', 'Private airplane', 'Finances'),

  // Beliefs and education have no edit section of their own; they sit in Lifestyle.
  select('education', 'Education', EDUCATIONS, { ...LIFESTYLE, ...REQUIRED }),
  select('latest_major', 'Latest major', LATEST_MAJORS, LIFESTYLE),
  select('religion', 'Religion', RELIGIONS, { ...LIFESTYLE, ...REQUIRED }),
  select('religiosity', 'Religiosity', RELIGIOSITIES, LIFESTYLE),
  select('social_media_use', 'Social media use', SOCIAL_MEDIA_USES, LIFESTYLE),
  select('cooking_frequency', 'Cooking frequency', HOUSEHOLD_FREQUENCIES, LIFESTYLE),
  select('recipes_known', 'Recipes known', RECIPES_KNOWN, LIFESTYLE),
  bool('cookbook', 'Owns a cookbook', 'Lifestyle'),
  select('home_chores_frequency', 'Home chores frequency', HOUSEHOLD_FREQUENCIES, LIFESTYLE),
  multi('pets_at_home', 'Pets at home', PETS, 'Lifestyle'),
  select('current_personal_travel', 'Personal travel', TRAVEL_FREQUENCIES, LIFESTYLE),
  select('current_international_travel', 'International travel', TRAVEL_FREQUENCIES, LIFESTYLE),
  select('clothes_style', 'Clothes style', CLOTHES_STYLES, LIFESTYLE),

  select('reason_to_marry', 'Reason to marry', REASONS_TO_MARRY, { ...EXPECTATIONS, ...REQUIRED }),
  select('money_control', 'Money control in the relationship', MONEY_CONTROLS, EXPECTATIONS),
  select('monthly_cash_want', 'Monthly cash wanted', MONTHLY_CASH_AMOUNTS, EXPECTATIONS),
  select('monthly_cash_provide', 'Monthly cash provided', MONTHLY_CASH_AMOUNTS, EXPECTATIONS),
  multi('desired_ceremony', 'Desired ceremony', DESIRED_CEREMONIES, 'Relationship Expectations'),
  bool('desire_to_work_in_relationship', 'Wants to work while in the relationship', 'Relationship Expectations'),
  select('clothes_control', 'Clothes control', CLOTHES_CONTROLS, EXPECTATIONS),
  select('opposite_sex_friends', 'Opposite-sex friends', OPPOSITE_SEX_FRIENDS, EXPECTATIONS),
  field('minimum_betrothal_gift_price', 'number', 'Relationship Expectations', 'Minimum betrothal gift', {
    ...BETROTHAL_GIFT_USD,
    unit: 'USD',
  }),
  select('number_of_kids_wanted', 'Kids wanted', KIDS_WANTED, { ...EXPECTATIONS, ...REQUIRED }),
] as const;

/** Every catalogued field name, photos included. */
export type ProfileFieldName = (typeof CATALOGUE)[number]['name'];

/** The value a field of each kind holds when read back; null when not answered. */
export type FieldValue<K extends FieldKind> = K extends 'integer' | 'number'
  ? number
  : K extends 'boolean'
    ? boolean
    : K extends 'multiselect'
      ? string[]
      : string;

/** Every catalogue field of a profile as the API returns it, typed from the catalogue itself. */
export type ProfileFieldValues = {
  [F in (typeof CATALOGUE)[number] as F['name']]: F['name'] extends 'username'
    ? string
    : F extends { readonly options: readonly number[] }
      ? number | null
      : FieldValue<F['kind']> | null;
};

/** All descriptors in edit-screen order (photos first, read-only). */
export const PROFILE_FIELDS: readonly ProfileFieldDescriptor[] = CATALOGUE;

/** The fields a member may send in PATCH /api/v1/profile_update/. */
export const EDITABLE_PROFILE_FIELDS: readonly ProfileFieldDescriptor[] = PROFILE_FIELDS.filter((f) => f.editable);

export const PROFILE_FIELD_BY_NAME: ReadonlyMap<string, ProfileFieldDescriptor> = new Map(PROFILE_FIELDS.map((f) => [f.name, f]));

export const PHOTO_FIELDS = ['photo1_url', 'photo2_url', 'photo3_url', 'photo4_url', 'photo5_url'] as const;

/** Part of the profile as read but never written through the profile PATCH. */
export const READ_ONLY_PROFILE_FIELDS = [
  'id',
  'user_id',
  'age',
  ...PHOTO_FIELDS,
  'chats',
  'distance',
  'is_liked',
  'location_latitude',
  'location_longitude',
  'email',
] as const;

/** Client-side location aliases silently dropped on save. */
export const ALIAS_FIELDS = ['city', 'state', 'country', 'homeCity', 'homeState', 'homeCountry'] as const;

const namesOf = (kind: FieldKind) => PROFILE_FIELDS.filter((f) => f.kind === kind).map((f) => f.name);

/** Stored as string arrays. */
export const MULTISELECT_FIELDS: readonly string[] = namesOf('multiselect');
export const BOOLEAN_FIELDS: readonly string[] = namesOf('boolean');

export function fieldsInSection(section: ProfileSection): ProfileFieldDescriptor[] {
  return PROFILE_FIELDS.filter((f) => f.section === section);
}
