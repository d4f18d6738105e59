/**
 * A realistic member population, for the discovery benchmark (100,000 to a million members) and
 * the demo members of an empty development database (DEMO_MEMBERS). Deterministic for a seed.
 *
 * Realism that matters to discovery's plan: members cluster in real cities (places.ts), ages
 * skew to 25-40, heights and weights follow per-gender normal curves, languages and religions
 * follow the country. Realism that matters to a person reading a profile: the answers come from
 * one life story (life-story.ts, story-answers.ts), so nobody is a 37-year-old retiree or walks
 * to work in a Bentley, and every member is checked against the consistency rules
 * (consistency-rules.ts). Every generated profile is complete (computeCompleteness agrees), and
 * carries the placeholder photo unless the seed draws it pictures.
 */
import { RELIGIONS } from '../contract/options.ts';
import { computeCompleteness } from '../contract/profile-validation.ts';
import { birthDateWindow } from '../contract/filters-age.ts';
import { brokenRules, HEIGHT_RANGE } from './consistency-rules.ts';
import { drawLifeStory } from './life-story.ts';
import { CHRISTIAN, LANGUAGES, type Place, RELIGION_BY_COUNTRY } from './places.ts';
import { clamp, normal, type Random, weighted, type Weighted } from './random.ts';
import { answersFor } from './story-answers.ts';

export { loadPlaces, type Place } from './places.ts';
export { randomSource, type Random } from './random.ts';

export const PLACEHOLDER_PHOTO_URL = '/placeholder-profile.svg';

const DAY_MS = 86_400_000;

const placeTables = new WeakMap<readonly Place[], Weighted<Place>>();

/** One complete profile row keyed by column name (no username: that lives on users). */
export function generateProfile(random: Random, places: readonly Place[], today: Date): Record<string, unknown> {
  let byWeight = placeTables.get(places);
  if (!byWeight) placeTables.set(places, (byWeight = places.map((p) => [p, p.weight] as const)));
  const place = weighted(random, byWeight);
  const story = drawLifeStory(random, place);
  const { age, isMan } = story;
  // A day within the year of birth that shows `age` today.
  const birth = new Date(Date.parse(`${birthDateWindow(age, today).earliest}T00:00:00Z`) + Math.floor(random() * 364) * DAY_MS);
  const religion = weighted(random, RELIGION_BY_COUNTRY[place.country] ?? CHRISTIAN);
  // Weight from height through the body mass index, so nobody is 140 cm and 180 kg.
  const [shortest, tallest] = HEIGHT_RANGE[isMan ? 'Man' : 'Woman'];
  const height = clamp(isMan ? normal(random, 176, 7.5) : normal(random, 163, 7), shortest, tallest);
  const bodyMassIndex = Math.min(40, Math.max(17.5, isMan ? normal(random, 26.5, 4) : normal(random, 25.5, 5)));
  const profile: Record<string, unknown> = {
    gender: isMan ? 'Man' : 'Woman',
    date_of_birth: birth.toISOString().slice(0, 10),
    native_language: weighted(random, LANGUAGES[place.country] ?? [['English', 1]]),
    home_country: place.country,
    home_state: place.state,
    home_city: place.city,
    location_latitude: place.latitude,
    location_longitude: place.longitude,
    height,
    weight: Math.round(bodyMassIndex * (height / 100) ** 2),
    religion,
    photo1_url: PLACEHOLDER_PHOTO_URL,
    ...answersFor(random, story, place, religion),
  };
  if (!RELIGIONS.includes(profile.religion as never)) throw new Error(`unknown religion ${String(profile.religion)}`);
  const completeness = computeCompleteness(profile);
  if (!completeness.is_complete) throw new Error(`generated profile incomplete: ${completeness.missing_fields.join(', ')}`);
  // The answers are drawn to agree; a rule broken here is a generator bug, never a member to keep.
  const broken = brokenRules(profile, age);
  if (broken.length > 0) throw new Error(`generated profile contradicts itself: ${broken.join('; ')}`);
  profile.is_complete = true;
  return profile;
}
