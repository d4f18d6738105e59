/**
 * The identity record: a strike and a ban survive deletion and re-registration, by the email and
 * by the phone; the queue shows an earlier account's strikes and reports; only keyed hashes are
 * stored (no email, no phone, no secret); accounts from before the record are linked at start-up.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestMember } from '../../test/factories.ts';
import { man, woman } from '../../test/members.ts';
import { claim, decide, fileReport, moderator, queue } from '../../test/moderation.ts';
import { getMyProfile, patchProfile } from '../../test/profiles.ts';
import { backfillIdentities, IDENTITY_MESSAGES, identityHash, liftIdentityBan } from './index.ts';

const REASON = 'Asked for money in the first message.';

/** A report of `reported` by `reporter`, claimed and actioned by `mod` with `resolution`. */
async function strike(app: TestApp['app'], mod: TestMember, reporter: TestMember, reported: TestMember, resolution: string) {
  const id = await fileReport(app, reporter, reported, 'money_request');
  const claimed = await claim(app, mod, id);
  if (claimed.statusCode !== 200) throw new Error(`claim failed: ${claimed.body}`);
  const decided = await decide(app, mod, id, { action: 'act', resolution, reason: REASON });
  if (decided.statusCode !== 200) throw new Error(`decision failed: ${decided.body}`);
  return id;
}

const deleteAccount = async (app: TestApp['app'], member: TestMember) => {
  const response = await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: member.auth });
  if (response.statusCode !== 200) throw new Error(`deletion failed: ${response.body}`);
};

const trySignUp = (app: TestApp['app'], email: string, username = `again_${Math.random().toString(36).slice(2, 10)}`) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/signup/',
    payload: { username, email, password1: 'Correct-Horse-9', password2: 'Correct-Horse-9' },
  });

async function identityOf(db: TestApp['db'], userId: number): Promise<number | null> {
  const [row] = await db.execute<{ identity_id: number | null }>(sql`select identity_id::int from users where id = ${userId}`);
  return row.identity_id;
}

async function strikesOf(db: TestApp['db'], reportIds: number[]) {
  return db.execute<{ report_id: number; member_id: number | null; identity_id: number | null; resolution: string }>(sql`
    select report_id::int, member_id::int, identity_id::int, resolution from moderation_strikes
    where report_id in ${sql.raw(`(${reportIds.join(', ')})`)} order by report_id`);
}

/** The queue item of report `id` as `mod` sees it. */
async function queueItem(app: TestApp['app'], mod: TestMember, id: number) {
  const page = await queue(app, mod, 'limit=50');
  return (page.json().items as Array<{ id: number; reported: Record<string, unknown>; recommended: string }>).find(
    (item) => item.id === id,
  );
}

t.test('identityHash: HMAC-SHA256 of the normalised value, keyed, kind-separated', async (t) => {
  const secret = 'a'.repeat(40);
  const hash = identityHash(secret, 'email', 'Someone@Example.com');
  t.match(hash, /^[0-9a-f]{64}$/);
  t.equal(identityHash(secret, 'email', '  someone@example.COM '), hash, 'trimmed and lower-cased');
  t.not(identityHash('b'.repeat(40), 'email', 'someone@example.com'), hash, 'another secret, another hash');
  t.equal(identityHash(secret, 'phone', '+1 (555) 010-2030'), identityHash(secret, 'phone', '+15550102030'), 'phones normalised');
  t.not(identityHash(secret, 'phone', '+15550102030'), identityHash(secret, 'email', '+15550102030'), 'the kind is hashed too');
  t.throws(() => identityHash(secret, 'phone', 'not a phone'), /not a phone number/);
});

t.test('a strike and a ban survive deletion; the email is refused at sign-up, in any spelling, until the ban is lifted', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter1, reporter2, mod] = [await man(app, db), await man(app, db), await moderator(app, db)];
  const banned = await woman(app, db);
  const identity = await identityOf(db, banned.userId);
  t.ok(identity, 'the account has its identity from sign-up');

  const warned = await strike(app, mod, reporter1, banned, 'warning');
  const ban = await strike(app, mod, reporter2, banned, 'ban');
  await deleteAccount(app, banned);

  t.same(
    await strikesOf(db, [warned, ban]),
    [
      { report_id: warned, member_id: null, identity_id: identity, resolution: 'warning' },
      { report_id: ban, member_id: null, identity_id: identity, resolution: 'ban' },
    ],
    'both strikes kept with the identity, the account gone',
  );
  const reports = await db.execute<{ identity_id: number }>(sql`select identity_id::int from reports where id in (${warned}, ${ban})`);
  t.same(
    reports.map((r) => r.identity_id),
    [identity, identity],
    'so are the reports',
  );
  const [row] = await db.execute<{ banned: boolean }>(
    sql`select banned_at is not null as banned from member_identities where id = ${identity}`,
  );
  t.equal(row.banned, true, 'the identity is banned');

  const [{ users: before }] = await db.execute<{ users: number }>(sql`select count(*)::int as users from users`);
  for (const spelling of [banned.email, `  ${banned.email.toUpperCase()} `]) {
    const again = await trySignUp(app, spelling);
    t.equal(again.statusCode, 403, `sign-up with ${JSON.stringify(spelling)}: 403`);
    t.match(again.json(), { detail: IDENTITY_MESSAGES.emailRefused, code: 'forbidden' });
  }
  const [{ users: after }] = await db.execute<{ users: number }>(sql`select count(*)::int as users from users`);
  t.equal(after, before, 'no account was made');
  t.equal((await trySignUp(app, 'someone.else@example.com')).statusCode, 201, 'another email signs up');

  await liftIdentityBan(db, identity as number);
  const lifted = await trySignUp(app, banned.email);
  t.equal(lifted.statusCode, 201, 'once the ban is lifted (an overturned appeal), the email signs up again');
  t.equal(await identityOf(db, lifted.json().user), identity, 'and the new account joins the same record');
});

t.test('a warned member deletes and signs up again with the same email: the queue shows the earlier strike and report', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter1, reporter2, mod] = [await man(app, db), await man(app, db), await moderator(app, db)];
  const first = await woman(app, db);
  const earlier = await strike(app, mod, reporter1, first, 'warning');
  await deleteAccount(app, first);

  const again = await signUp(app, { email: first.email.toUpperCase() });
  t.equal(await identityOf(db, again.userId), (await strikesOf(db, [earlier]))[0].identity_id, 'the new account joins the warned identity');

  const id = await fileReport(app, reporter2, again, 'harassment_hate');
  const item = await queueItem(app, mod, id);
  t.match(item?.reported, {
    user_id: again.userId,
    username: again.username,
    other_reports: 1,
    live_strikes: 1,
    strikes: [{ report_id: earlier, resolution: 'warning', voided_at: null }],
    banned_at: null,
  });
  t.equal(item?.recommended, 'suspend_3d', "the ladder counts the earlier account's strike");

  const full = await app.inject({ method: 'GET', url: `/api/v1/moderation/reports/${id}/`, headers: mod.auth });
  t.same(
    (full.json().other_reports as Array<{ id: number }>).map((r) => r.id),
    [earlier],
    "the full view lists the earlier account's report",
  );

  // A report about an account that is gone still shows the record of its identity.
  const late = await fileReport(app, reporter1, again, 'other');
  await deleteAccount(app, again);
  const orphan = await queueItem(app, mod, late);
  t.match(orphan?.reported, { user_id: null, username: null, live_strikes: 1, other_reports: 2 }, 'the record outlives both accounts');
});

t.test('the phone: a banned member’s number is refused on another account; a warned member’s number brings the record along', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter1, reporter2, mod] = [await man(app, db), await man(app, db), await moderator(app, db)];

  const banned = await woman(app, db, { phone: '+1 555-010-2030' });
  await strike(app, mod, reporter1, banned, 'ban');
  await deleteAccount(app, banned);

  const newcomer = await signUp(app);
  const refused = await patchProfile(app, newcomer, { phone: '+1 555 010 2030' });
  t.equal(refused.statusCode, 403, refused.body);
  t.match(refused.json(), { detail: IDENTITY_MESSAGES.phoneRefused, code: 'forbidden' });
  t.equal((await getMyProfile(app, newcomer)).json().phone, null, 'nothing was saved');
  const [{ n }] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from identity_hashes where identity_id = ${await identityOf(db, newcomer.userId)}`,
  );
  t.equal(n, 1, "the newcomer's identity still knows only its email");

  const warned = await woman(app, db, { phone: '+44 20 7946 0000' });
  const earlier = await strike(app, mod, reporter1, warned, 'warning');
  const warnedIdentity = await identityOf(db, warned.userId);
  await deleteAccount(app, warned);

  const returning = await signUp(app);
  const ownIdentity = await identityOf(db, returning.userId);
  t.not(ownIdentity, warnedIdentity, 'a new email: a new identity at first');
  const saved = await patchProfile(app, returning, { phone: '+442079460000' });
  t.equal(saved.statusCode, 200, saved.body);
  t.equal(await identityOf(db, returning.userId), warnedIdentity, 'the known phone merges the new identity into the warned one');
  const [{ gone }] = await db.execute<{ gone: number }>(sql`select count(*)::int as gone from member_identities where id = ${ownIdentity}`);
  t.equal(gone, 0, 'the merged identity is gone');
  const [{ hashes }] = await db.execute<{ hashes: number }>(
    sql`select count(*)::int as hashes from identity_hashes where identity_id = ${warnedIdentity}`,
  );
  t.equal(hashes, 3, 'both emails and the phone');

  const id = await fileReport(app, reporter2, returning, 'other');
  t.match((await queueItem(app, mod, id))?.reported, {
    user_id: returning.userId,
    live_strikes: 1,
    strikes: [{ report_id: earlier, resolution: 'warning' }],
  });

  // A ban now reaches every email and phone of the merged record.
  await strike(app, mod, reporter1, returning, 'ban');
  await deleteAccount(app, returning);
  t.equal((await trySignUp(app, returning.email)).statusCode, 403, "the second account's email is barred");
  t.equal((await trySignUp(app, warned.email)).statusCode, 403, "and so is the first account's");
});

t.test('only keyed hashes are stored: no email, no phone, no secret; another secret gives other hashes', async (t) => {
  const { app, db, identityHashSecret } = await buildTestApp(t);
  const phone = '+15550109999';
  const member = await woman(app, db, { phone });
  const hashes = await db.execute<{ kind: string; hash: string }>(
    sql`select kind, hash from identity_hashes where identity_id = ${await identityOf(db, member.userId)} order by kind`,
  );
  t.same(hashes, [
    { kind: 'email', hash: identityHash(identityHashSecret, 'email', member.email) },
    { kind: 'phone', hash: identityHash(identityHashSecret, 'phone', phone) },
  ]);
  const other = 'z'.repeat(40);
  t.not(identityHash(other, 'email', member.email), hashes[0].hash, 'the hash depends on the secret');

  const [{ stored }] = await db.execute<{ stored: string }>(sql`
    select (select coalesce(json_agg(i), '[]'::json) from member_identities i)::text
        || (select coalesce(json_agg(h), '[]'::json) from identity_hashes h)::text as stored`);
  const local = member.email.split('@')[0];
  for (const plain of [member.email, local, phone, phone.slice(1), identityHashSecret]) {
    t.notOk(
      stored.toLowerCase().includes(plain.toLowerCase()),
      `the identity tables do not hold ${plain === identityHashSecret ? 'the secret' : plain}`,
    );
  }
  const refusal = await db
    .execute(
      sql`insert into identity_hashes (kind, hash, identity_id)
          values ('email', ${member.email}, (select identity_id from users where id = ${member.userId}))`,
    )
    .then(
      () => null,
      (error: Error) => error,
    );
  t.match(
    String((refusal?.cause as Error | undefined)?.message),
    /identity_hashes_hash_check/,
    'the table refuses anything but a hex digest',
  );
});

t.test('start-up backfill: accounts from before the record get their identity, strikes, reports and ban', async (t) => {
  const { app, db, identityHashSecret } = await buildTestApp(t);
  const [reporter, mod] = [await man(app, db), await moderator(app, db)];
  const old = await woman(app, db, { phone: '+15550107777' });
  const sharing = await woman(app, db, { phone: '+15550107777' });
  const id = await strike(app, mod, reporter, old, 'ban');
  // As before migration 0017's record existed: no identities, no hashes, nothing linked.
  await db.execute(sql`update users set identity_id = null`);
  await db.execute(sql`update moderation_strikes set identity_id = null`);
  await db.execute(sql`update reports set identity_id = null`);
  await db.execute(sql`delete from identity_hashes`);
  await db.execute(sql`delete from member_identities`);

  const [{ users }] = await db.execute<{ users: number }>(sql`select count(*)::int as users from users`);
  t.equal(await backfillIdentities(db, identityHashSecret), users, 'every account linked');
  t.equal(await backfillIdentities(db, identityHashSecret), 0, 'a second start finds nothing to do');

  const identity = await identityOf(db, old.userId);
  t.ok(identity);
  t.equal(await identityOf(db, sharing.userId), identity, 'a shared phone is one record');
  t.same(
    (await strikesOf(db, [id])).map((s) => s.identity_id),
    [identity],
    'the strike linked',
  );
  const [report] = await db.execute<{ identity_id: number }>(sql`select identity_id::int from reports where id = ${id}`);
  t.equal(report.identity_id, identity, 'the report linked');
  const [row] = await db.execute<{ banned: boolean }>(
    sql`select banned_at is not null as banned from member_identities where id = ${identity}`,
  );
  t.equal(row.banned, true, "the account's ban reached the identity");
  await deleteAccount(app, old);
  t.equal((await trySignUp(app, old.email)).statusCode, 403, 'and bars the email');
});

t.test('concurrent sign-ups and phone saves that meet on one hash end with one identity', async (t) => {
  const { app, db } = await buildTestApp(t);
  const members = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app)]);
  const answers = await Promise.all(members.map((member) => patchProfile(app, member, { phone: '+15550105555' })));
  t.same(
    answers.map((a) => a.statusCode),
    [200, 200, 200, 200],
  );
  const identities = new Set(await Promise.all(members.map((member) => identityOf(db, member.userId))));
  t.equal(identities.size, 1, 'all four accounts are one record');
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from member_identities`);
  t.equal(n, 1, 'and no identity is left over');
});

t.test(
  'a ban decided while the member saves a phone that merges their record: the ban and the strike end on the merged record',
  async (t) => {
    const { app, db } = await buildTestApp(t);
    const [reporter, mod] = [await man(app, db), await moderator(app, db)];
    for (let round = 0; round < 4; round++) {
      const phone = `+1555011${String(round).padStart(4, '0')}`;
      const earlier = await woman(app, db, { phone });
      const earlierIdentity = await identityOf(db, earlier.userId);
      await deleteAccount(app, earlier);

      const member = await signUp(app);
      const id = await fileReport(app, reporter, member, 'scam_spam');
      t.equal((await claim(app, mod, id)).statusCode, 200);
      const [decided, saved] = await Promise.all([
        decide(app, mod, id, { action: 'act', resolution: 'ban', reason: REASON }),
        patchProfile(app, member, { phone }),
      ]);
      t.equal(decided.statusCode, 200, `round ${round}: the decision: ${decided.body}`);
      t.equal(saved.statusCode, 200, `round ${round}: the save: ${saved.body}`);

      t.equal(await identityOf(db, member.userId), earlierIdentity, 'the member joined the earlier record');
      t.same(
        (await strikesOf(db, [id])).map((s) => s.identity_id),
        [earlierIdentity],
        'the strike is on it',
      );
      const [row] = await db.execute<{ banned: boolean }>(
        sql`select banned_at is not null as banned from member_identities where id = ${earlierIdentity}`,
      );
      t.equal(row.banned, true, 'and so is the ban');
      t.equal((await trySignUp(app, earlier.email)).statusCode, 403, "the earlier account's email is barred");
    }
  },
);
