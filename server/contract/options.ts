/**
 * Every fixed option list of the profile and the saved filters.
 *
 * Lists whose values the product fixes are copied VERBATIM, typos and
 * odd ranges included ('Partially of fully nude model', '$76,001-$100,000', '4-10' then '10-15'),
 * because stored values, filters and the client must agree byte for byte. Lists the product
 * only names are designed here and written down in docs/decisions.md ("Profile field catalogue").
 *
 * Rule for multi-select lists: no value may contain a comma, since a multi-select may arrive as
 * a comma-separated string. A test guards this.
 *
 * Pure data, no imports: the browser bundle, the server and the workers all import this file.
 */

export const GENDERS = ['Man', 'Woman'] as const;

export const NATIVE_LANGUAGES = [
  'English',
  'Mandarin',
  'India Languages',
  'Spanish',
  'French',
  'Arabic',
  'Bengali',
  'Russian',
  'Portuguese',
  'Urdu',
  'Indonesian',
  'German',
  'Japanese',
  'Turkish',
  'Korean',
  'Vietnamese',
  'Hausa',
  'Italian',
  'Thai',
] as const;

/** Numbers, not strings: the product's fixed values (7 is absent and 15 is allowed on purpose). */
export const FACE_SELF_RATINGS = [1, 2, 3, 4, 5, 6, 8, 9, 10, 15] as const;

export const RELATIONSHIP_STATUSES = ['Single', 'Dating', 'Engaged', 'Married'] as const;

/** 'No kids at home, 1 to 6, 7+' spelled out. */
export const KIDS_AT_HOME = ['No kids at home', '1', '2', '3', '4', '5', '6', '7+'] as const;

export const BODY_COUNTS = ['virgin', '1-5', '6-10', '11-20', '21-100', '100+'] as const;

/** "Kids from partners": how many different partners the member's children are from. */
export const KIDS_PARENTS_NUMBERS = ['1', '2', '3', '4 or more', 'Not applicable'] as const;

export const DIVORCES_NUMBERS = ['Never divorced', '1', '2', '3', '4 or more', 'Not applicable'] as const;

export const MEMORIES_FROM_EXES = ['No memories', 'Photos', 'Pets', 'Jewelry', 'Furniture', 'Vehicles', 'Real estate', 'Business'] as const;

export const LIVELIHOODS = ['Employed', 'Self-Employed', 'Retired', 'Student', 'Unemployed'] as const;

export const ANNUAL_INCOMES = ['Under $50,000', '$50,001-$75,000', '$76,001-$100,000', '$100,001-$200,000', 'Over $200,000'] as const;

export const DEBTS_TOTALS = [
  'No debt',
  'Up to $5,000',
  'Up to $10,000',
  'Up to $15,000',
  'Up to $25,000',
  'Up to $50,000',
  'Up to $100,000',
  'Up to $200,000',
  'Up to $350,000',
  'Up to $1,000,000',
  'Over $1,000,000',
] as const;

export const PLACES_TO_LIVE = ['Own a home', 'Rent a home', 'Student home or dorm', 'Live with parents', 'Other', 'Homeless'] as const;

export const DAILY_TRANSPORTATIONS = [
  'Walking',
  'Riding animal',
  'Bicycle',
  'Public transportation',
  'Taxi ride',
  'Motorcycle',
  'Carpool',
  'Private car',
  'Car with private driver',
  'Other',
] as const;

/** The 26 makes the product counts but does not name: widely sold makes, alphabetical. */
export const CAR_MAKES = [
  'Audi',
  'Bentley',
  'BMW',
  'Chevrolet',
  'Ferrari',
  'Ford',
  'Honda',
  'Hyundai',
  'Jaguar',
  'Jeep',
  'Kia',
  'Lamborghini',
  'Land Rover',
  'Lexus',
  'Mazda',
  'Mercedes-Benz',
  'Nissan',
  'Peugeot',
  'Porsche',
  'Renault',
  'Rolls-Royce',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
] as const;

export const CAR_BRANDS = ['Not applicable', ...CAR_MAKES, 'Other'] as const;

export const RELIGIONS = [
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
] as const;

export const RELIGIOSITIES = ['Strict', 'Medium', 'Relaxed', 'In name only', 'Not applicable'] as const;

export const EDUCATIONS = [
  'No formal education',
  'Some school',
  'High school',
  'Some college',
  'Associate',
  'Bachelor',
  'Master',
  'Doctor',
  'Post-doctoral',
] as const;

export const LATEST_MAJORS = ['Not applicable', 'STEM', 'Non-STEM', 'Law', 'Psychology', 'Cosmetology', 'Liberal Arts'] as const;

export const SOCIAL_MEDIA_USES = [
  'No presence',
  'Family only',
  'Private profile',
  'Public profile',
  'Influencer',
  'Model',
  'Partially of fully nude model',
  'Adult Content Model',
] as const;

/** Shared by cooking_frequency and home_chores_frequency. */
export const HOUSEHOLD_FREQUENCIES = ['Daily', 'As needed', 'Weekly', 'Sometimes', 'Rarely', 'Never'] as const;

export const RECIPES_KNOWN = ['0-3', '4-10', '10-15', '16-20', 'over 20 recipes'] as const;

export const PETS = ['No pets', 'Dog(s)', 'Cat(s)', 'Fish', 'Reptile(s)', 'Other'] as const;

/** Shared by current_personal_travel and current_international_travel. */
export const TRAVEL_FREQUENCIES = ['More than once a month', 'Monthly', 'Annually', 'Rarely', 'Never'] as const;

export const SIBLINGS_NUMBERS = ['No siblings', '1', '2', '3', '4 or more'] as const;

/** Shared by monthly_cash_want and monthly_cash_provide. The product asks only for steps; these are ours. */
export const MONTHLY_CASH_AMOUNTS = [
  'No monthly cash needed or provided',
  'Up to $1,000',
  'Up to $2,000',
  'Up to $3,000',
  'Up to $5,000',
  'Up to $7,500',
  'Up to $10,000',
  'Up to $15,000',
  'Up to $20,000',
  'Over $20,000',
] as const;

export const CLOTHES_CONTROLS = ['My choice only', 'I listen to advice', 'I ask for opinion', "Partner's choice"] as const;

export const OPPOSITE_SEX_FRIENDS = ['No problem', 'No single friends', 'No friends'] as const;

export const KIDS_WANTED = ['No kids', '1-2', '2-3', '3-4', '5+', 'No limit'] as const;

/** Discovery's betrothal-gift ceiling; 'Any' turns the filter off. Filters only, not a profile value. */
export const BETROTHAL_GIFT_CEILINGS = [
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
] as const;

/** How boolean profile fields appear in filters (yachtOwner, privateAirplane, ...). */
export const YES_NO = ['Yes', 'No'] as const;

// ---------------------------------------------------------------------------------------------
// Designed lists: the product says they exist as fixed sentence-style lists but gives no values.
// Multi-select lists start with a "none" value that cannot be combined with the others
// (see NONE_OPTIONS below); select lists are ordered from the most to the least common answer
// or along a natural scale.
// ---------------------------------------------------------------------------------------------

export const TATTOOS = [
  'No tattoos',
  'Small hidden tattoo(s)',
  'Large hidden tattoo(s)',
  'Small visible tattoo(s)',
  'Large visible tattoo(s)',
  'Face or neck tattoo(s)',
] as const;

export const PIERCINGS = [
  'No piercings',
  'Ear piercing(s)',
  'Nose piercing',
  'Other face piercing(s)',
  'Tongue piercing',
  'Hidden body piercing(s)',
] as const;

export const COSMETIC_SURGERIES = [
  'No cosmetic surgery',
  'Nose surgery',
  'Eyelid or face lift',
  'Lip or face fillers',
  'Breast surgery',
  'Liposuction or body contouring',
  'Hair transplant',
  'Other cosmetic surgery',
] as const;

export const EXERCISE_FREQUENCIES = ['Every day', 'Several times a week', 'Once a week', 'A few times a month', 'Rarely', 'Never'] as const;

export const RELATIONSHIP_HISTORIES = [
  'Never been in a relationship',
  'Casual dating only',
  'Long-term relationship(s)',
  'Lived with a partner',
  'Was engaged before',
  'Was married before',
] as const;

export const CLOTHES_STYLES = [
  'Modest and covered',
  'Traditional or cultural',
  'Classic and elegant',
  'Casual',
  'Sporty',
  'Trendy and fashionable',
  'Revealing',
] as const;

export const PARENT_PRESENCES = [
  'Raised by both parents together',
  'Raised by separated parents in turn',
  'Raised mostly by my mother',
  'Raised mostly by my father',
  'Raised by a parent and a step-parent',
  'Raised by grandparents or relatives',
  'Raised by adoptive parents',
  'Raised in foster care or an institution',
] as const;

export const PARENTS_IMPRISONED = [
  'Neither parent was imprisoned',
  'My father was imprisoned',
  'My mother was imprisoned',
  'Both parents were imprisoned',
  'I do not know',
] as const;

export const PARENTS_EMPLOYMENTS = [
  'Both parents worked',
  'Only my father worked',
  'Only my mother worked',
  'Neither parent worked',
  'Not applicable',
] as const;

export const REASONS_TO_MARRY = [
  'Love and companionship',
  'To start a family',
  'Religious duty',
  'Financial security',
  'Family expectations',
  'Legal or residency reasons',
  'Other reason',
] as const;

export const MONEY_CONTROLS = [
  'I manage the money',
  'My partner manages the money',
  'We manage the money together',
  'Each of us manages our own money',
] as const;

export const DESIRED_CEREMONIES = [
  'No ceremony (civil registration only)',
  'Small private ceremony',
  'Religious ceremony',
  'Traditional or cultural ceremony',
  'Large wedding celebration',
  'Destination wedding',
] as const;

/**
 * The "none" value of each designed multi-select list: it must be the only value when chosen,
 * because 'No tattoos' together with 'Small hidden tattoo(s)' is a contradiction.
 * Applies to profile values only; a filter may list it next to other values ("any of").
 */
export const NONE_OPTIONS = {
  tattoos: 'No tattoos',
  piercings: 'No piercings',
  cosmetic_surgeries: 'No cosmetic surgery',
  relationship_history: 'Never been in a relationship',
  pets_at_home: 'No pets',
  desired_ceremony: 'No ceremony (civil registration only)',
} as const;

export type OptionValue = string | number;
export type OptionList = readonly OptionValue[];
