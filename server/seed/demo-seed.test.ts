/** The demo seed's people: named like people, each with a portrait of their own in the media store, marked is_demo. */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import t from 'tap';
import { usernameErrors } from '../contract/auth.ts';
import { profiles, users } from '../kernel/db/schema/index.ts';
import { keyOfPhotoRef, ownerOfKey } from '../kernel/media/index.ts';
import { buildTestApp } from '../test/app.ts';
import { seedDemoMembers } from './population-seed.ts';
import { PLACEHOLDER_PHOTO_URL } from './population.ts';
import { renderPortrait } from './portraits.ts';

const PLAUSIBLE_HANDLE = /^[A-Za-z]{2,}(_[A-Za-z]|\d{2}|_\d{4}|[A-Z]\d|_[A-Za-z]\d+)$/;

t.test('demo members: names, portraits in the store, is_demo', async (t) => {
  // No event handler is needed here.
  const { db, media } = await buildTestApp(t, { WORKERS: 'none' });
  const lines: string[] = [];
  await seedDemoMembers(db, 30, (line) => lines.push(line), media);
  t.match(lines[0], /added 30 demo members with portraits in \d+ ms/);
  t.comment(lines[0]);

  const members = await db
    .select({ userId: users.id, username: users.username, email: users.email, isDemo: users.isDemo, photo: profiles.photo1Url })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id));
  t.equal(members.length, 30);
  t.ok(members.every((m) => m.isDemo), 'every one is marked is_demo');

  const names = members.map((m) => m.username);
  t.same(names.filter((n) => usernameErrors(n).length > 0 || !PLAUSIBLE_HANDLE.test(n)), [], 'valid, plausible usernames');
  t.same(names.filter((n) => /^demo_/i.test(n)), [], 'no demo_N');
  t.equal(new Set(names.map((n) => n.toLowerCase())).size, names.length, 'unique');
  t.ok(members.every((m) => m.email === `${m.username.toLowerCase()}@example.invalid`), 'emails nobody receives');

  const portraits: Buffer[] = [];
  for (const member of members) {
    const key = keyOfPhotoRef(member.photo);
    t.ok(key, `${member.username}: photo1_url is a media reference`);
    if (!key) continue;
    t.equal(ownerOfKey(key), member.userId, 'stored under the member’s own prefix');
    const stored = await media.get(key);
    t.ok(stored, 'the object exists in the store');
    if (!stored) continue;
    t.equal(stored.contentType, 'image/jpeg');
    portraits.push(stored.body);
  }
  const meta = await sharp(portraits[0]).metadata();
  t.same({ format: meta.format, width: meta.width, height: meta.height }, { format: 'jpeg', width: 800, height: 800 });
  t.equal(new Set(portraits.map((p) => p.toString('base64'))).size, portraits.length, 'every portrait differs from every other');
});

t.test('the seed without a media store keeps the placeholder (benchmarks, callers without media)', async (t) => {
  const { db } = await buildTestApp(t, { WORKERS: 'none' });
  await seedDemoMembers(db, 5, () => {});
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles where photo1_url = ${PLACEHOLDER_PHOTO_URL}`);
  t.equal(row.n, 5);
});

t.test('portraits are deterministic per member and differ between members', async (t) => {
  const today = new Date('2026-06-01T00:00:00Z');
  const profile = { gender: 'Woman', date_of_birth: '1990-04-02', home_country: 'Brazil', religion: 'Christian - Catholic' };
  const amelia = await renderPortrait({ seed: 'Amelia_R', profile }, today);
  t.ok(amelia.equals(await renderPortrait({ seed: 'Amelia_R', profile }, today)), 'same member, same bytes');
  t.notOk(amelia.equals(await renderPortrait({ seed: 'Amelia_S', profile }, today)), 'another member, another portrait');
});
