/** The population generator: complete, realistic, varied members (coherence: consistency-rules.test.ts); the demo seed fills only an empty database. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { cleanProfilePatch, computeCompleteness } from '../contract/profile-validation.ts';
import { PROFILE_FIELDS } from '../contract/profile-fields.ts';
import { buildTestApp } from '../test/app.ts';
import { discoveredNames, man } from '../test/members.ts';
import { seedDemoMembers } from './population-seed.ts';
import { generateProfile, loadPlaces, randomSource } from './population.ts';
import { LUXURY_MAKES } from './story-answers.ts';

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
  // weight_lb only remembers the pounds a member typed; generated members answer in kilograms.
  t.same(
    notAsked.sort(),
    ['phone', 'photo2_url', 'photo3_url', 'photo4_url', 'photo5_url', 'username', 'weight_lb'],
    'only phone, username, extra photos and the typed pounds are left out',
  );
  const optionalLeftOpen = profiles.filter((p) => p.tattoos === null).length / profiles.length;
  t.ok(optionalLeftOpen > 0.15 && optionalLeftOpen < 0.35, `optional questions skipped now and then (${optionalLeftOpen})`);
});

t.test('the same seed gives the same members', async (t) => {
  t.same(await population(11, 50), await population(11, 50));
});

t.test('the story leaves variety: the consistency rules are not kept by everyone being the same', async (t) => {
  const profiles = await population(7, 2000);
  const share = (test: (p: Record<string, unknown>) => boolean) => profiles.filter(test).length / profiles.length;
  t.ok(share((p) => p.livelihood === 'Retired') > 0.02, 'some retirees');
  t.ok(share((p) => p.livelihood === 'Student') > 0.05, 'some students');
  t.ok(share((p) => p.brand_of_daily_car === 'Not applicable') > 0.1, 'many without a car');
  t.ok(share((p) => LUXURY_MAKES.has(p.brand_of_daily_car as string)) > 0, 'a few luxury cars');
  t.ok(share((p) => p.kids_at_home !== 'No kids at home') > 0.08, 'some parents with children at home');
  t.ok(share((p) => ['1', '2', '3', '4 or more'].includes(p.divorces_number as string)) > 0.03, 'some divorcees');
  t.ok(
    share((p) => (p.relationship_history as string[] | null)?.includes('Never been in a relationship') === true) > 0.01,
    'some who never had a relationship',
  );
  t.ok(
    share((p) => p.body_count === 'virgin') > 0.03 && share((p) => ['11-20', '21-100'].includes(p.body_count as string)) > 0.05,
    'body counts spread',
  );
  const bmi = profiles.map((p) => (p.weight as number) / ((p.height as number) / 100) ** 2);
  t.ok(
    bmi.filter((b) => b >= 30).length / bmi.length > 0.1 && bmi.filter((b) => b < 20).length / bmi.length > 0.03,
    'slim and heavy members alike',
  );
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
  const signin = await app.inject({
    method: 'POST',
    url: '/api/v1/signin/',
    payload: { username: demo.username, password: 'Correct-Horse-9' },
  });
  t.equal(signin.statusCode, 400, 'nobody can sign in as a demo member');
});
