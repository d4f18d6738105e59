/**
 * Where generated members live and what their country says about them: real cities of the
 * location dataset weighted roughly by metro population (about four fifths in the United
 * States), the native languages and religions of each country, and two facts the life story
 * needs: cities where most people get around without a car, and countries where incomes in US
 * dollars run far lower (the income bands are in dollars).
 */
import { UNITED_STATES } from '../contract/profile-fields.ts';
import { resolveLocation } from '../modules/geo/index.ts';
import type { Weighted } from './random.ts';

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
export const LANGUAGES: Record<string, Weighted<string>> = {
  [UNITED_STATES]: [
    ['English', 78],
    ['Spanish', 14],
    ['Mandarin', 2],
    ['India Languages', 2],
    ['Vietnamese', 1],
    ['Korean', 1],
    ['Arabic', 1],
    ['Russian', 1],
  ],
  Canada: [
    ['English', 70],
    ['French', 20],
    ['Mandarin', 5],
    ['India Languages', 5],
  ],
  'United Kingdom': [
    ['English', 85],
    ['India Languages', 5],
    ['Urdu', 4],
    ['Arabic', 3],
    ['Bengali', 3],
  ],
  Nigeria: [
    ['English', 50],
    ['Hausa', 50],
  ],
  India: [
    ['India Languages', 80],
    ['English', 15],
    ['Bengali', 5],
  ],
  Philippines: [['English', 100]],
  Mexico: [['Spanish', 100]],
  Brazil: [['Portuguese', 100]],
  Germany: [
    ['German', 90],
    ['Turkish', 10],
  ],
  France: [
    ['French', 90],
    ['Arabic', 10],
  ],
  Pakistan: [
    ['Urdu', 90],
    ['English', 10],
  ],
  Egypt: [['Arabic', 100]],
  Turkey: [['Turkish', 100]],
  'United Arab Emirates': [
    ['Arabic', 50],
    ['India Languages', 30],
    ['Urdu', 10],
    ['English', 10],
  ],
  Australia: [
    ['English', 90],
    ['Mandarin', 10],
  ],
  Japan: [['Japanese', 100]],
  Indonesia: [['Indonesian', 100]],
  Vietnam: [['Vietnamese', 100]],
  'South Korea': [['Korean', 100]],
};

export const CHRISTIAN: Weighted<string> = [
  ['Christian - Protestant', 40],
  ['Christian - Catholic', 25],
  ['Christian - Other', 8],
  ['Christian - Orthodox', 2],
  ['Atheism', 15],
  ['Jewish', 3],
  ['Muslim - Sunni', 2],
  ['Hindu', 1],
  ['Buddhist', 1],
  ['Other religion', 3],
];
export const RELIGION_BY_COUNTRY: Record<string, Weighted<string>> = {
  India: [
    ['Hindu', 78],
    ['Muslim - Sunni', 13],
    ['Christian - Catholic', 3],
    ['Sikh', 3],
    ['Buddhist', 1],
    ['Other religion', 2],
  ],
  Pakistan: [
    ['Muslim - Sunni', 85],
    ['Muslim - Other', 13],
    ['Christian - Other', 2],
  ],
  Egypt: [
    ['Muslim - Sunni', 88],
    ['Christian - Orthodox', 12],
  ],
  Turkey: [
    ['Muslim - Sunni', 80],
    ['Muslim - Other', 15],
    ['Atheism', 5],
  ],
  'United Arab Emirates': [
    ['Muslim - Sunni', 70],
    ['Hindu', 15],
    ['Christian - Catholic', 10],
    ['Other religion', 5],
  ],
  Nigeria: [
    ['Muslim - Sunni', 48],
    ['Christian - Protestant', 30],
    ['Christian - Catholic', 20],
    ['Other religion', 2],
  ],
  Japan: [
    ['Buddhist', 40],
    ['Shamanistic', 20],
    ['Atheism', 35],
    ['Other religion', 5],
  ],
  'South Korea': [
    ['Atheism', 50],
    ['Christian - Protestant', 25],
    ['Buddhist', 15],
    ['Christian - Catholic', 10],
  ],
  Indonesia: [
    ['Muslim - Sunni', 87],
    ['Christian - Protestant', 7],
    ['Hindu', 2],
    ['Christian - Catholic', 3],
    ['Buddhist', 1],
  ],
  Vietnam: [
    ['Buddhist', 40],
    ['Atheism', 45],
    ['Christian - Catholic', 10],
    ['Other religion', 5],
  ],
  Philippines: [
    ['Christian - Catholic', 80],
    ['Christian - Protestant', 10],
    ['Muslim - Sunni', 6],
    ['Other religion', 4],
  ],
  Mexico: [
    ['Christian - Catholic', 78],
    ['Christian - Protestant', 10],
    ['Atheism', 10],
    ['Other religion', 2],
  ],
  Brazil: [
    ['Christian - Catholic', 55],
    ['Christian - Protestant', 30],
    ['Atheism', 10],
    ['Other religion', 5],
  ],
};

/** Cities where owning a car is the exception: transit, walking and cycling carry most people. */
const TRANSIT_CITIES = new Set([
  'New York City',
  'San Francisco',
  'Boston',
  'Chicago',
  'London',
  'Paris',
  'Berlin',
  'Tokyo',
  'Seoul',
  'Toronto',
  'Mumbai',
  'Istanbul',
]);

/** Countries where typical salaries, converted to US dollars, sit well below the US bands. */
const LOWER_INCOME_COUNTRIES = new Set([
  'Nigeria',
  'India',
  'Philippines',
  'Mexico',
  'Brazil',
  'Pakistan',
  'Egypt',
  'Turkey',
  'Indonesia',
  'Vietnam',
]);

export interface Place {
  country: string;
  state: string | null;
  city: string;
  latitude: number;
  longitude: number;
  weight: number;
  /** Most people here get around without a car. */
  transitCity: boolean;
  /** Incomes in US dollars run far below the US bands. */
  lowerIncomeCountry: boolean;
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
      transitCity: TRANSIT_CITIES.has(city),
      lowerIncomeCountry: LOWER_INCOME_COUNTRIES.has(country),
    });
  }
  return places;
}
