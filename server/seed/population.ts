/**
 * A realistic member population, for the discovery benchmark (100,000 members) and the demo
 * members of an empty development database (DEMO_MEMBERS). Deterministic for a seed.
 *
 * Realism that matters to discovery's plan: members cluster in real cities (weighted roughly by
 * metro population, about four fifths in the United States), ages skew to 25-40, heights and
 * weights follow per-gender normal curves, languages and religions follow the country, and the
 * optional fields are filled about 70% of the time with the earlier (more common) options likelier.
 * Every generated profile is complete (computeCompleteness agrees) and carries a placeholder photo.
 */
import { RELIGIONS } from '../contract/options.ts';
import { PROFILE_FIELDS, type ProfileFieldDescriptor, UNITED_STATES } from '../contract/profile-fields.ts';
import { computeCompleteness } from '../contract/profile-validation.ts';
import { birthDateWindow } from '../contract/filters-age.ts';
import { resolveLocation } from '../modules/geo/index.ts';

export const PLACEHOLDER_PHOTO_URL = '/placeholder-profile.svg';

const DAY_MS = 86_400_000;

/** [country, US state or null, city, weight (~ metro millions)] */
const CITY_WEIGHTS: ReadonlyArray<readonly [string, string | null, string, number]> = [
  [UNITED_STATES, 'New York', 'New York City', 19],
  [UNITED_STATES, 'California', 'Los Angeles', 13],
  [UNITED_STATES, 'Illinois', 'Chicago', 9.5],
  [UNITED_STATES, 'Texas', 'Dallas', 7.6],
  [UNITED_STATES, 'Texas', 'Houston', 7.1],
  [UNITED_STATES, 'Pennsylvania', 'Philadelphia', 6.2],
  [UNITED_STATES, 'Florida', 'Miami', 6.1],
  [UNITED_STATES, 'Georgia', 'Atlanta', 6.1],
  [UNITED_STATES, 'Arizona', 'Phoenix', 4.9],
  [UNITED_STATES, 'Massachusetts', 'Boston', 4.9],
  [UNITED_STATES, 'California', 'San Francisco', 4.7],
  [UNITED_STATES, 'Michigan', 'Detroit', 4.3],
  [UNITED_STATES, 'Washington', 'Seattle', 4],
  [UNITED_STATES, 'Minnesota', 'Minneapolis', 3.7],
  [UNITED_STATES, 'California', 'San Diego', 3.3],
  [UNITED_STATES, 'Florida', 'Tampa', 3.2],
  [UNITED_STATES, 'Colorado', 'Denver', 2.9],
  [UNITED_STATES, 'Maryland', 'Baltimore', 2.8],
  [UNITED_STATES, 'Florida', 'Orlando', 2.6],
  [UNITED_STATES, 'North Carolina', 'Charlotte', 2.6],
  [UNITED_STATES, 'Texas', 'San Antonio', 2.6],
  [UNITED_STATES, 'Oregon', 'Portland', 2.5],
  [UNITED_STATES, 'Texas', 'Austin', 2.3],
  [UNITED_STATES, 'Nevada', 'Las Vegas', 2.3],
  [UNITED_STATES, 'Ohio', 'Columbus', 2.1],
  [UNITED_STATES, 'Tennessee', 'Nashville', 2],
  [UNITED_STATES, 'Indiana', 'Indianapolis', 2.1],
  [UNITED_STATES, 'Utah', 'Salt Lake City', 1.3],
  [UNITED_STATES, 'Oklahoma', 'Oklahoma City', 1.4],
  [UNITED_STATES, 'New Mexico', 'Albuquerque', 0.9],
  [UNITED_STATES, 'Alaska', 'Anchorage', 0.4],
  [UNITED_STATES, 'Hawaii', 'Honolulu', 1],
  ['Canada', null, 'Toronto', 3],
  ['Canada', null, 'Vancouver', 1.3],
  ['United Kingdom', null, 'London', 4.5],
  ['Nigeria', null, 'Lagos', 3],
  ['India', null, 'Mumbai', 3],
  ['India', null, 'Bengaluru', 2],
  ['Philippines', null, 'Manila', 2],
  ['Mexico', null, 'Guadalajara', 1.5],
  ['Brazil', null, 'São Paulo', 1.5],
  ['Germany', null, 'Berlin', 1],
  ['France', null, 'Paris', 1.2],
  ['Pakistan', null, 'Karachi', 1.2],
  ['Egypt', null, 'Cairo', 1.2],
  ['Turkey', null, 'Istanbul', 1],
  ['United Arab Emirates', null, 'Dubai', 1],
  ['Australia', null, 'Sydney', 1],
  ['Japan', null, 'Tokyo', 0.8],
  ['Indonesia', null, 'Jakarta', 1],
  ['Vietnam', null, 'Ho Chi Minh City', 0.6],
  ['South Korea', null, 'Seoul', 0.6],
];

/** Weighted choices of native language and religion per country (anything else: the defaults). */
const LANGUAGES: Record<string, Array<[string, number]>> = {
  [UNITED_STATES]: [['English', 78], ['Spanish', 14], ['Mandarin', 2], ['India Languages', 2], ['Vietnamese', 1], ['Korean', 1], ['Arabic', 1], ['Russian', 1]],
  Canada: [['English', 70], ['French', 20], ['Mandarin', 5], ['India Languages', 5]],
  'United Kingdom': [['English', 85], ['India Languages', 5], ['Urdu', 4], ['Arabic', 3], ['Bengali', 3]],
  Nigeria: [['English', 50], ['Hausa', 50]],
  India: [['India Languages', 80], ['English', 15], ['Bengali', 5]],
  Philippines: [['English', 100]],
  Mexico: [['Spanish', 100]],
  Brazil: [['Portuguese', 100]],
  Germany: [['German', 90], ['Turkish', 10]],
  France: [['French', 90], ['Arabic', 10]],
  Pakistan: [['Urdu', 90], ['English', 10]],
  Egypt: [['Arabic', 100]],
  Turkey: [['Turkish', 100]],
  'United Arab Emirates': [['Arabic', 50], ['India Languages', 30], ['Urdu', 10], ['English', 10]],
  Australia: [['English', 90], ['Mandarin', 10]],
  Japan: [['Japanese', 100]],
  Indonesia: [['Indonesian', 100]],
  Vietnam: [['Vietnamese', 100]],
  'South Korea': [['Korean', 100]],
};

const CHRISTIAN: Array<[string, number]> = [
  ['Christian - Protestant', 40], ['Christian - Catholic', 25], ['Christian - Other', 8], ['Christian - Orthodox', 2],
  ['Atheism', 15], ['Jewish', 3], ['Muslim - Sunni', 2], ['Hindu', 1], ['Buddhist', 1], ['Other religion', 3],
];
const RELIGION_BY_COUNTRY: Record<string, Array<[string, number]>> = {
  India: [['Hindu', 78], ['Muslim - Sunni', 13], ['Christian - Catholic', 3], ['Sikh', 3], ['Buddhist', 1], ['Other religion', 2]],
  Pakistan: [['Muslim - Sunni', 85], ['Muslim - Other', 13], ['Christian - Other', 2]],
  Egypt: [['Muslim - Sunni', 88], ['Christian - Orthodox', 12]],
  Turkey: [['Muslim - Sunni', 80], ['Muslim - Other', 15], ['Atheism', 5]],
  'United Arab Emirates': [['Muslim - Sunni', 70], ['Hindu', 15], ['Christian - Catholic', 10], ['Other religion', 5]],
  Nigeria: [['Muslim - Sunni', 48], ['Christian - Protestant', 30], ['Christian - Catholic', 20], ['Other religion', 2]],
  Japan: [['Buddhist', 40], ['Shamanistic', 20], ['Atheism', 35], ['Other religion', 5]],
  'South Korea': [['Atheism', 50], ['Christian - Protestant', 25], ['Buddhist', 15], ['Christian - Catholic', 10]],
  Indonesia: [['Muslim - Sunni', 87], ['Christian - Protestant', 7], ['Hindu', 2], ['Christian - Catholic', 3], ['Buddhist', 1]],
  Vietnam: [['Buddhist', 40], ['Atheism', 45], ['Christian - Catholic', 10], ['Other religion', 5]],
  Philippines: [['Christian - Catholic', 80], ['Christian - Protestant', 10], ['Muslim - Sunni', 6], ['Other religion', 4]],
  Mexico: [['Christian - Catholic', 78], ['Christian - Protestant', 10], ['Atheism', 10], ['Other religion', 2]],
  Brazil: [['Christian - Catholic', 55], ['Christian - Protestant', 30], ['Atheism', 10], ['Other religion', 5]],
};

/** Small, fast, seedable PRNG (mulberry32). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

function weighted<T>(random: Random, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let pick = random() * total;
  for (const [value, w] of choices) {
    pick -= w;
    if (pick < 0) return value;
  }
  return choices[choices.length - 1][0];
}

function normal(random: Random, mean: number, sd: number): number {
  const u = Math.max(random(), 1e-12);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/** Earlier options likelier (weights 1, 0.75, 0.56, ...). */
function skewed<T>(random: Random, options: readonly T[]): T {
  return weighted(random, options.map((o, i) => [o, 0.75 ** i] as const));
}

export interface Place {
  country: string;
  state: string | null;
  city: string;
  latitude: number;
  longitude: number;
  weight: number;
}

/** The cities, resolved against the same dataset (spelling, coordinates) profile saves use. */
export async function loadPlaces(): Promise<Place[]> {
  const places: Place[] = [];
  for (const [country, state, city, weight] of CITY_WEIGHTS) {
    const { location, errors } = await resolveLocation(
      { home_country: country, home_state: state, home_city: city },
      new Set(['home_country', 'home_state', 'home_city']),
    );
    if (Object.keys(errors).length > 0 || location.location_latitude === null || location.location_longitude === null) {
      throw new Error(`population city ${city}, ${country} is not in the dataset: ${JSON.stringify(errors)}`);
    }
    places.push({
      country: location.home_country as string,
      state: location.home_state,
      city: location.home_city as string,
      latitude: location.location_latitude,
      longitude: location.location_longitude,
      weight,
    });
  }
  return places;
}

const SPECIAL = new Set([
  'username', 'phone', 'gender', 'date_of_birth', 'native_language', 'home_country', 'home_state', 'home_city',
  'height', 'weight', 'religion', 'relationship_status', 'kids_at_home', 'minimum_betrothal_gift_price',
  'photo1_url', 'photo2_url', 'photo3_url', 'photo4_url', 'photo5_url',
]);

function optionalValue(random: Random, field: ProfileFieldDescriptor): unknown {
  if (!field.requiredForCompleteness && random() < 0.3) return null;
  switch (field.kind) {
    case 'boolean':
      return random() < (field.name === 'yacht_owner' || field.name === 'private_airplane' ? 0.02 : 0.45);
    case 'multiselect': {
      const options = field.options ?? [];
      const first = skewed(random, options);
      if (first === field.noneOption || random() < 0.7) return [String(first)];
      const second = skewed(random, options.filter((o) => o !== first && o !== field.noneOption));
      return [String(first), String(second)];
    }
    case 'select':
      return skewed(random, field.options ?? []);
    default:
      return null;
  }
}

const OTHER_FIELDS = PROFILE_FIELDS.filter((f) => !SPECIAL.has(f.name));

/** One complete profile row keyed by column name (no username: that lives on users). */
export function generateProfile(random: Random, places: readonly Place[], today: Date): Record<string, unknown> {
  const place = weighted(random, places.map((p) => [p, p.weight] as const));
  const isMan = random() < 0.5;
  const age = random() < 0.75 ? clamp(normal(random, 31, 6), 18, 70) : clamp(18 + random() * 60, 18, 78);
  // A day within the year of birth that shows `age` today.
  const birth = new Date(Date.parse(`${birthDateWindow(age, today).earliest}T00:00:00Z`) + Math.floor(random() * 364) * DAY_MS);
  const profile: Record<string, unknown> = {
    gender: isMan ? 'Man' : 'Woman',
    date_of_birth: birth.toISOString().slice(0, 10),
    native_language: weighted(random, LANGUAGES[place.country] ?? [['English', 1]]),
    home_country: place.country,
    home_state: place.state,
    home_city: place.city,
    location_latitude: place.latitude,
    location_longitude: place.longitude,
    height: clamp(isMan ? normal(random, 176, 7.5) : normal(random, 163, 7), 140, 215),
    weight: clamp(isMan ? normal(random, 84, 14) : normal(random, 68, 13), 40, 180),
    religion: weighted(random, RELIGION_BY_COUNTRY[place.country] ?? CHRISTIAN),
    relationship_status: weighted(random, [['Single', 85], ['Dating', 9], ['Engaged', 2], ['Married', 4]] as const),
    kids_at_home: weighted(random, [['No kids at home', 70], ['1', 14], ['2', 9], ['3', 4], ['4', 2], ['5', 0.5], ['6', 0.3], ['7+', 0.2]] as const),
    minimum_betrothal_gift_price: random() < 0.5 ? null : Math.round(Math.exp(normal(random, 8, 1.5)) / 100) * 100,
    photo1_url: PLACEHOLDER_PHOTO_URL,
  };
  for (const field of OTHER_FIELDS) profile[field.name] = optionalValue(random, field);
  if (!RELIGIONS.includes(profile.religion as never)) throw new Error(`unknown religion ${String(profile.religion)}`);
  const completeness = computeCompleteness(profile);
  if (!completeness.is_complete) throw new Error(`generated profile incomplete: ${completeness.missing_fields.join(', ')}`);
  profile.is_complete = true;
  return profile;
}
