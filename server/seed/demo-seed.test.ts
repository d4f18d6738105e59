/**
 * The demo seed's people: named like people, marked is_demo, each with two to five different
 * pictures stored as approved photos are, and a share of them verified by the same transition
 * that verifies a real member.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import t from 'tap';
import { usernameErrors } from '../contract/auth.ts';
import { descriptorDistance } from '../modules/liveness/index.ts';
import { recordVerifiedFace } from '../modules/liveness/index.ts';
import { facePrints, profiles, uploads, users } from '../kernel/db/schema/index.ts';
import { keyOfPhotoRef, ownerOfKey } from '../kernel/media/index.ts';
import { buildTestApp } from '../test/app.ts';
import { man } from '../test/members.ts';
import { DEMO_VERIFIED_PERCENT, demoFacePrint } from './demo-verification.ts';
import { memberLook } from './member-look.ts';
import { PICTURE_SIZE, renderPicture } from './picture-render.ts';
import { MAX_PICTURES, MIN_PICTURES, shotsFor } from './pictures.ts';
import { seedDemoMembers } from './population-seed.ts';
import { PLACEHOLDER_PHOTO_URL } from './population.ts';
import { randomSource } from './random.ts';
import { SCENE_NAMES, SCENE_TRAITS } from './scenes.ts';

const PLAUSIBLE_HANDLE = /^[A-Za-z]{2,}(_[A-Za-z]|\d{2}|_\d{4}|[A-Z]\d|_[A-Za-z]\d+)$/;
const PHOTO_COLUMNS = ['photo1Url', 'photo2Url', 'photo3Url', 'photo4Url', 'photo5Url'] as const;

/** Mean absolute difference of two pictures' greys at 16x20, 0 (same) to 255: scenes, framings and clothes all move it. */
async function pictureDistance(a: Buffer, b: Buffer): Promise<number> {
  const grey = (image: Buffer) => sharp(image).resize(16, 20, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

t.test('a fresh demo population with pictures', async (t) => {
  // No event handler is needed here.
  const { app, db, media } = await buildTestApp(t, { WORKERS: 'none' });
  const lines: string[] = [];
  await seedDemoMembers(db, 60, (line) => lines.push(line), media);
  t.match(lines[0], /added 60 demo members with \d+ pictures \(2-5 each\), \d+ verified, in \d+ ms/);
  t.comment(lines[0]);
  const members = await db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      isDemo: users.isDemo,
      verified: profiles.verified,
      photo1Url: profiles.photo1Url,
      photo2Url: profiles.photo2Url,
      photo3Url: profiles.photo3Url,
      photo4Url: profiles.photo4Url,
      photo5Url: profiles.photo5Url,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(users.id);

  t.test('names like people, marked is_demo', async (t) => {
    t.equal(members.length, 60);
    t.ok(
      members.every((m) => m.isDemo),
      'every one is marked is_demo',
    );
    const names = members.map((m) => m.username);
    t.same(
      names.filter((n) => usernameErrors(n).length > 0 || !PLAUSIBLE_HANDLE.test(n)),
      [],
      'valid, plausible usernames',
    );
    t.same(
      names.filter((n) => /^demo_/i.test(n)),
      [],
      'no demo_N',
    );
    t.equal(new Set(names.map((n) => n.toLowerCase())).size, names.length, 'unique');
    t.ok(
      members.every((m) => m.email === `${m.username.toLowerCase()}@example.invalid`),
      'emails nobody receives',
    );
  });

  t.test('two to five pictures each, in slots 1 up, stored as approved photos are', async (t) => {
    const counts: number[] = [];
    for (const member of members) {
      const refs = PHOTO_COLUMNS.map((column) => member[column]);
      const filled = refs.filter((ref): ref is string => ref !== null);
      counts.push(filled.length);
      t.same(
        refs.map((ref) => ref !== null),
        refs.map((_, i) => i < filled.length),
        `${member.username}: slots 1 to ${filled.length}, no gap`,
      );
      const rows = await db.select().from(uploads).where(eq(uploads.userId, member.userId)).orderBy(uploads.slot);
      t.same(
        rows.map((r) => ({ purpose: r.purpose, slot: r.slot, state: r.state, contentType: r.contentType })),
        filled.map((_, i) => ({ purpose: 'profile', slot: i + 1, state: 'approved', contentType: 'image/jpeg' })),
        `${member.username}: one approved profile upload per picture`,
      );
      for (const [i, ref] of filled.entries()) {
        const key = keyOfPhotoRef(ref);
        t.equal(key, rows[i].previewKey, `slot ${i + 1} shows the upload's preview, as an approval sets it`);
        if (!key) continue;
        t.equal(ownerOfKey(key), member.userId, 'stored under the member’s own prefix');
        const stored = await media.get(key);
        t.equal(stored?.contentType, 'image/jpeg', 'the object exists in the store');
        t.equal(stored?.body.length, rows[i].contentLength, 'its size is the upload row’s');
      }
    }
    t.ok(Math.min(...counts) >= MIN_PICTURES && Math.max(...counts) <= MAX_PICTURES, `between 2 and 5 (${counts.join(' ')})`);
    t.ok(new Set(counts).size >= 3, 'members differ in how many pictures they show');
  });

  t.test("one member's pictures differ from each other, and every member's from every other's", async (t) => {
    const all: Buffer[] = [];
    let closest = 255;
    for (const member of members.slice(0, 20)) {
      const pictures: Buffer[] = [];
      for (const column of PHOTO_COLUMNS) {
        const key = keyOfPhotoRef(member[column]);
        const stored = key ? await media.get(key) : null;
        if (stored) pictures.push(stored.body);
      }
      for (let i = 0; i < pictures.length; i += 1) {
        for (let j = i + 1; j < pictures.length; j += 1) closest = Math.min(closest, await pictureDistance(pictures[i], pictures[j]));
      }
      all.push(...pictures);
    }
    t.ok(closest > 8, `the two most alike pictures of one member still differ by ${closest.toFixed(1)} grey levels on average`);
    t.equal(new Set(all.map((p) => p.toString('base64'))).size, all.length, 'no picture repeats');
    const meta = await sharp(all[0]).metadata();
    t.same({ format: meta.format, width: meta.width, height: meta.height }, { format: 'jpeg', ...PICTURE_SIZE });
  });

  t.test('a share is verified, by the transition that verifies a real member', async (t) => {
    const verified = members.filter((m) => m.verified);
    const share = verified.length / members.length;
    t.ok(
      share > DEMO_VERIFIED_PERCENT / 100 - 0.2 && share < DEMO_VERIFIED_PERCENT / 100 + 0.2,
      `about ${DEMO_VERIFIED_PERCENT}% verified (${verified.length} of 60)`,
    );
    const prints = await db.select().from(facePrints);
    // recordVerifiedFace keeps a face print with every badge it gives; a badge written directly would have none.
    t.same(prints.map((p) => p.userId).sort(), verified.map((m) => m.userId).sort(), 'a face print for exactly the verified members');
    for (const print of prints) {
      t.same(
        { reviewState: print.reviewState, matchedUserId: print.matchedUserId },
        { reviewState: 'clear', matchedUserId: null },
        'cleared, matched to nobody',
      );
      t.same(print.descriptor, demoFacePrint(print.userId), 'the member’s demo face print');
    }
    const [withPhoto] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from profiles p
      where p.verified and exists (select 1 from uploads u where u.user_id = p.user_id and u.slot = 1 and u.state = 'approved')`);
    t.equal(withPhoto.n, verified.length, 'every verified member has an approved photo 1');

    // A real member verified afterwards is not taken for a demo member: the two-accounts search passes them.
    const adam = await man(app, db, {}, 'adam');
    const random = randomSource(42);
    const face = Array.from({ length: 128 }, () => (random() - 0.5) * 0.4);
    t.equal(await recordVerifiedFace(db, adam.userId, face), 'verified');
    const [adamPrint] = await db
      .select()
      .from(facePrints)
      .where(and(eq(facePrints.userId, adam.userId), eq(facePrints.reviewState, 'clear')));
    t.ok(adamPrint, 'his face print is clear');
  });
});

t.test('demo face prints: far from each other and from any real face', async (t) => {
  const prints = Array.from({ length: 300 }, (_, i) => demoFacePrint(i + 1));
  let closest = Infinity;
  for (let i = 0; i < prints.length; i += 1)
    for (let j = i + 1; j < prints.length; j += 1) closest = Math.min(closest, descriptorDistance(prints[i], prints[j]));
  t.ok(closest >= 4, `two members' prints are at least 4 apart (${closest})`);
  // A real descriptor measures about 1.3-1.5; one of length 2 is generous.
  const real = Array.from({ length: 128 }, (_, i) => (i % 2 ? 1 : -1) * Math.sqrt(4 / 128));
  t.ok(Math.min(...prints.map((p) => descriptorDistance(p, real))) > 20, 'more than 20 from a face');
});

t.test('the seed without a media store keeps the placeholder and verifies nobody (benchmarks, callers without media)', async (t) => {
  const { db } = await buildTestApp(t, { WORKERS: 'none' });
  await seedDemoMembers(db, 5, () => {});
  const [row] = await db.execute<{ placeholder: number; verified: number; uploads: number }>(sql`
    select count(*) filter (where photo1_url = ${PLACEHOLDER_PHOTO_URL})::int as placeholder, count(*) filter (where verified)::int as verified,
      (select count(*)::int from uploads) as uploads
    from profiles`);
  t.same(row, { placeholder: 5, verified: 0, uploads: 0 });
});

t.test('shots: varied places, framings and looks; the main photo a clear face', async (t) => {
  const today = new Date('2026-06-01T00:00:00Z');
  const counts = new Set<number>();
  for (let i = 0; i < 300; i += 1) {
    const profile = {
      gender: i % 2 ? 'Man' : 'Woman',
      date_of_birth: '1990-04-02',
      home_country: 'Brazil',
      religion: 'Christian - Catholic',
    };
    const look = memberLook({ seed: `member_${i}`, profile }, today);
    const shots = shotsFor(look);
    counts.add(shots.length);
    const where = `member_${i}`;
    if (new Set(shots.map((s) => s.scene)).size !== shots.length) t.fail(`${where}: a place repeats`);
    if (shots[0].framing === shots[1].framing) t.fail(`${where}: the first two pictures are framed alike`);
    if (!SCENE_TRAITS[shots[0].scene].firstPhoto || shots[0].mouth !== 'smile' || shots[0].tilt !== 0 || shots[0].framing === 'wide') {
      t.fail(`${where}: the main photo is not a clear, smiling face`);
    }
    if (look.headCovering && shots.some((s) => s.hat !== null)) t.fail(`${where}: a hat over a hijab or turban`);
  }
  t.same([...counts].sort(), [2, 3, 4, 5], 'every count from 2 to 5 occurs');
  const everyScene = new Set(
    Array.from({ length: 100 }, (_, i) =>
      shotsFor(memberLook({ seed: `x${i}`, profile: { gender: 'Woman', date_of_birth: '1990-01-01' } }, today)).map((s) => s.scene),
    ).flat(),
  );
  t.same([...everyScene].sort(), [...SCENE_NAMES].sort(), 'every place is used');
});

t.test('pictures are deterministic per member and differ between members', async (t) => {
  const today = new Date('2026-06-01T00:00:00Z');
  const profile = { gender: 'Woman', date_of_birth: '1990-04-02', home_country: 'Brazil', religion: 'Christian - Catholic' };
  const amelia = memberLook({ seed: 'Amelia_R', profile }, today);
  const [first] = shotsFor(amelia);
  const picture = await renderPicture(amelia, first);
  t.ok(
    picture.equals(await renderPicture(memberLook({ seed: 'Amelia_R', profile }, today), shotsFor(amelia)[0])),
    'same member, same bytes',
  );
  const other = memberLook({ seed: 'Amelia_S', profile }, today);
  t.notOk(picture.equals(await renderPicture(other, shotsFor(other)[0])), 'another member, another picture');
});
