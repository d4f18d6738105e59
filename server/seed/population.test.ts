/** The population generator: complete, realistic, discoverable members; the demo seed fills only an empty database. */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { computeCompleteness } from '../contract/profile-validation.ts';
import { buildTestApp } from '../test/app.ts';
import { discoveredNames, man } from '../test/members.ts';
import { seedDemoMembers } from './population-seed.ts';
import { generateProfile, loadPlaces, randomSource } from './population.ts';

t.test('generated profiles are complete and spread over real cities', async (t) => {
  const places = await loadPlaces();
  t.ok(places.length >= 40, `${places.length} cities`);
  const random = randomSource(3);
  const today = new Date();
  const profiles = Array.from({ length: 2000 }, () => generateProfile(random, places, today));
  for (const profile of profiles.slice(0, 200)) t.equal(computeCompleteness(profile).is_complete, true);
  const us = profiles.filter((p) => p.home_country === 'United States').length / profiles.length;
  t.ok(us > 0.7 && us < 0.9, `about four fifths in the United States (${us})`);
  const men = profiles.filter((p) => p.gender === 'Man');
  const meanHeight = men.reduce((sum, p) => sum + (p.height as number), 0) / men.length;
  t.ok(meanHeight > 172 && meanHeight < 180, `men average ~176 cm (${meanHeight})`);
  t.ok(new Set(profiles.map((p) => p.home_city)).size > 30, 'many cities');
});

t.test('the demo seed fills an empty database once, with discoverable members', async (t) => {
  const { app, db } = await buildTestApp(t);
  const lines: string[] = [];
  await seedDemoMembers(db, 40, (line) => lines.push(line));
  t.match(lines[0], /added 40 demo members/);
  await seedDemoMembers(db, 40, (line) => lines.push(line));
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles`);
  t.equal(row.n, 40, 'a database with members is left alone');
  const adam = await man(app, db, {}, 'adam');
  t.ok((await discoveredNames(app, adam)).length > 5, 'demo women show up in discovery');
  const signin = await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'demo_1', password: 'Correct-Horse-9' } });
  t.equal(signin.statusCode, 400, 'nobody can sign in as a demo member');
});
