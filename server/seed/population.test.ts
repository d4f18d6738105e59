/** The population generator: complete, realistic, coherent members; the demo seed fills only an empty database. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import {
  ANNUAL_INCOMES,
  DEBTS_TOTALS,
  EDUCATIONS,
  KIDS_AT_HOME,
  MONTHLY_CASH_AMOUNTS,
  TRAVEL_FREQUENCIES,
} from '../contract/options.ts';
import { ageFromDateOfBirth, cleanProfilePatch, computeCompleteness } from '../contract/profile-validation.ts';
import { PROFILE_FIELDS } from '../contract/profile-fields.ts';
import { buildTestApp } from '../test/app.ts';
import { discoveredNames, man } from '../test/members.ts';
import { seedDemoMembers } from './population-seed.ts';
import { generateProfile, loadPlaces, randomSource } from './population.ts';
import { LUXURY_MAKES, PREMIUM_MAKES } from './story-answers.ts';

const today = new Date();

async function population(seed: number, count: number): Promise<Array<Record<string, unknown>>> {
  const places = await loadPlaces();
  const random = randomSource(seed);
  return Array.from({ length: count }, () => generateProfile(random, places, today));
}

t.test('generated profiles are complete and spread over real cities', async (t) => {
  const places = await loadPlaces();
  t.ok(places.length >= 40, `${places.length} cities`);
  const profiles = await population(3, 2000);
  for (const profile of profiles.slice(0, 200)) t.equal(computeCompleteness(profile).is_complete, true);
  const us = profiles.filter((p) => p.home_country === 'United States').length / profiles.length;
  t.ok(us > 0.7 && us < 0.9, `about four fifths in the United States (${us})`);
  const men = profiles.filter((p) => p.gender === 'Man');
  const meanHeight = men.reduce((sum, p) => sum + (p.height as number), 0) / men.length;
  t.ok(meanHeight > 172 && meanHeight < 180, `men average ~176 cm (${meanHeight})`);
  t.ok(new Set(profiles.map((p) => p.home_city)).size > 30, 'many cities');
});

t.test('every answer is one the profile form accepts, and every field is asked', async (t) => {
  const profiles = await population(5, 2000);
  const rejected = profiles
    .map((profile) => {
      // What a member can send: everything but the photo and the derived columns.
      const { photo1_url: _photo, location_latitude: _lat, location_longitude: _lon, is_complete: _complete, ...answers } = profile;
      return cleanProfilePatch(answers, today).errors;
    })
    .filter((errors) => Object.keys(errors).length > 0);
  t.same(rejected.slice(0, 3), [], 'no generated value is refused by the catalogue');
  const notAsked = PROFILE_FIELDS.filter((f) => !(f.name in profiles[0])).map((f) => f.name);
  t.same(notAsked.sort(), ['phone', 'photo2_url', 'photo3_url', 'photo4_url', 'photo5_url', 'username'], 'only phone, username and extra photos are left out');
  const optionalLeftOpen = profiles.filter((p) => p.tattoos === null).length / profiles.length;
  t.ok(optionalLeftOpen > 0.15 && optionalLeftOpen < 0.35, `optional questions skipped now and then (${optionalLeftOpen})`);
});

t.test('the same seed gives the same members', async (t) => {
  t.same(await population(11, 50), await population(11, 50));
});

/** Index of an answer in its ordered option list; -1 when unanswered. */
const rank = (list: readonly string[], value: unknown) => (value === null || value === undefined ? -1 : list.indexOf(value as string));
const answered = (...values: unknown[]) => values.every((v) => v !== null && v !== undefined);

t.test('answers agree with each other (a coherent life story) over 2,000 members', async (t) => {
  const profiles = await population(7, 2000);
  const rules: Array<[string, (p: Record<string, unknown>, age: number) => boolean]> = [
    ['retired only from 60', (p, age) => p.livelihood !== 'Retired' || age >= 60],
    ['students are under 40', (p, age) => p.livelihood !== 'Student' || age < 40],
    ['students earn at most $75,000, the unemployed under $50,000', (p) =>
      (p.livelihood !== 'Student' || rank(ANNUAL_INCOMES, p.annual_income) <= 1) && (p.livelihood !== 'Unemployed' || p.annual_income === 'Under $50,000')],
    ['Bentley, Ferrari, Lamborghini, Porsche, Rolls-Royce only over $200,000', (p) => !LUXURY_MAKES.has(p.brand_of_daily_car as string) || p.annual_income === 'Over $200,000'],
    ['premium makes from $50,001', (p) => !PREMIUM_MAKES.has(p.brand_of_daily_car as string) || rank(ANNUAL_INCOMES, p.annual_income) >= 1],
    ['walking, cycling, transit, taxi or motorcycle means no car brand', (p) =>
      !answered(p.brand_of_daily_car) || !['Walking', 'Bicycle', 'Public transportation', 'Taxi ride', 'Motorcycle'].includes(p.daily_transportation as string) || p.brand_of_daily_car === 'Not applicable'],
    ['a private car has a brand', (p) => !answered(p.brand_of_daily_car) || !['Private car', 'Car with private driver'].includes(p.daily_transportation as string) || p.brand_of_daily_car !== 'Not applicable'],
    ['a driver, a yacht or a plane only over $200,000', (p) =>
      (p.daily_transportation !== 'Car with private driver' && p.yacht_owner !== true && p.private_airplane !== true) || p.annual_income === 'Over $200,000'],
    ['a dorm is for students', (p) => p.place_to_live !== 'Student home or dorm' || p.livelihood === 'Student'],
    ['debts over $100,000 are mortgages', (p) => rank(DEBTS_TOTALS, p.debts_total) <= DEBTS_TOTALS.indexOf('Up to $100,000') || p.place_to_live === 'Own a home' || !answered(p.place_to_live)],
    ['a master from 24, a doctorate from 27', (p, age) => (rank(EDUCATIONS, p.education) < 6 || age >= 24) && (rank(EDUCATIONS, p.education) < 7 || age >= 27)],
    ['no major without college', (p) => !answered(p.latest_major) || (p.latest_major === 'Not applicable') === (rank(EDUCATIONS, p.education) <= 2)],
    ['no kids at home from 60', (p, age) => age < 60 || p.kids_at_home === 'No kids at home'],
    ['at most one child at home before 24', (p, age) => age >= 24 || rank(KIDS_AT_HOME, p.kids_at_home) <= 1],
    ['kids at home have parents', (p) => !answered(p.kids_parents_number) || p.kids_at_home === 'No kids at home' || p.kids_parents_number !== 'Not applicable'],
    ['never in a relationship: single, no kids, no divorce, no memories', (p) => {
      if (!(p.relationship_history as string[] | null)?.includes('Never been in a relationship')) return true;
      return p.relationship_status === 'Single' && p.kids_at_home === 'No kids at home'
        && [null, 'Never divorced', 'Not applicable'].includes(p.divorces_number as string | null)
        && [null, 'No memories'].includes(p.memories_from_exes as string | null);
    }],
    ['divorces only after a marriage', (p, age) => {
      if (!['1', '2', '3', '4 or more'].includes(p.divorces_number as string)) return true;
      const history = p.relationship_history as string[] | null;
      return age >= 23 && (history === null || history.includes('Was married before'));
    }],
    ['virgins have no children and no marriage behind them', (p) =>
      p.body_count !== 'virgin' || (p.kids_at_home === 'No kids at home' && p.relationship_status !== 'Married'
        && !(p.relationship_history as string[] | null)?.includes('Was married before') && !['1', '2', '3', '4 or more'].includes(p.divorces_number as string))],
    ['atheists: no religiosity, no religious ceremony', (p) =>
      p.religion !== 'Atheism' || ([null, 'Not applicable'].includes(p.religiosity as string | null) && !(p.desired_ceremony as string[] | null)?.includes('Religious ceremony'))],
    ['religious duty only for the devout', (p) => p.reason_to_marry !== 'Religious duty' || ['Strict', 'Medium', null].includes(p.religiosity as string | null)],
    ['cash given stays within the income', (p) =>
      rank(MONTHLY_CASH_AMOUNTS, p.monthly_cash_provide) <= [1, 2, 3, 5, 9][rank(ANNUAL_INCOMES, p.annual_income)]],
    ['trips abroad never outnumber trips', (p) =>
      !answered(p.current_personal_travel, p.current_international_travel) || rank(TRAVEL_FREQUENCIES, p.current_international_travel) >= rank(TRAVEL_FREQUENCIES, p.current_personal_travel)],
  ];
  for (const [rule, holds] of rules) {
    const broken = profiles.filter((p) => !holds(p, ageFromDateOfBirth(p.date_of_birth as string, today)));
    t.equal(broken.length, 0, rule, { broken: broken.slice(0, 2) });
  }
  // The story still leaves room for variety: the rules above are not met by everyone being the same.
  const share = (test: (p: Record<string, unknown>) => boolean) => profiles.filter(test).length / profiles.length;
  t.ok(share((p) => p.livelihood === 'Retired') > 0.02, 'some retirees');
  t.ok(share((p) => p.livelihood === 'Student') > 0.05, 'some students');
  t.ok(share((p) => p.brand_of_daily_car === 'Not applicable') > 0.1, 'many without a car');
  t.ok(share((p) => LUXURY_MAKES.has(p.brand_of_daily_car as string)) > 0, 'a few luxury cars');
  t.ok(share((p) => p.kids_at_home !== 'No kids at home') > 0.08, 'some parents with children at home');
  t.ok(share((p) => ['1', '2', '3', '4 or more'].includes(p.divorces_number as string)) > 0.03, 'some divorcees');
});

t.test('the demo seed fills an empty database once, with discoverable members', async (t) => {
  // No event handler is needed here.
  const { app, db } = await buildTestApp(t, { WORKERS: 'none' });
  const lines: string[] = [];
  await seedDemoMembers(db, 40, (line) => lines.push(line));
  t.match(lines[0], /added 40 demo members/);
  await seedDemoMembers(db, 40, (line) => lines.push(line));
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles`);
  t.equal(row.n, 40, 'a database with members is left alone');
  const adam = await man(app, db, {}, 'adam');
  t.ok((await discoveredNames(app, adam)).length > 5, 'demo women show up in discovery');
  const [demo] = await db.execute<{ username: string }>(sql`select username from users where is_demo order by id limit 1`);
  const signin = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: demo.username, password: 'Correct-Horse-9' } });
  t.equal(signin.statusCode, 400, 'nobody can sign in as a demo member');
});
