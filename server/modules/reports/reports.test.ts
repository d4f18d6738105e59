/**
 * Reports: the route's answers, what one filing writes (report, evidence, audit, the block both
 * ways, the match and chat closed) all or nothing, repeats joining the open report, the daily
 * limit, message ids, idempotency, concurrent filings, evidence that outlives the account, and
 * the append-only audit table.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { derivativeKeyOf } from '../../kernel/media/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { chattingPair, insertMessages } from '../../test/chat.ts';
import type { TestMember } from '../../test/factories.ts';
import { discoveredNames, get, likeProfile, type Member, man, post, woman } from '../../test/members.ts';
import { canonicalJson, evidenceHash } from './index.ts';

const FILED = "Thanks for your report. You won't see each other on Betroth any more, and our moderators will review it.";

function report(app: FastifyInstance, member: TestMember, payload: Record<string, unknown>, idempotencyKey?: string) {
  const headers = idempotencyKey === undefined ? member.auth : { ...member.auth, 'idempotency-key': idempotencyKey };
  return app.inject({ method: 'POST', url: '/api/v1/reports/', headers, payload });
}

async function one<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await db.execute<Record<string, unknown>>(query);
  return row as T;
}

const countOf = async (db: Db, query: ReturnType<typeof sql>) => (await one<{ n: number }>(db, query)).n;

async function blocksBetween(db: Db, a: Member, b: Member): Promise<string[]> {
  const rows = await db.execute<{ pair: string }>(sql`
    select blocker_user_id || '>' || blocked_user_id as pair from blocks
    where blocker_user_id in (${a.userId}, ${b.userId}) and blocked_user_id in (${a.userId}, ${b.userId})
    order by 1`);
  return rows.map((row) => row.pair);
}

const matchCount = (db: Db, a: Member, b: Member) =>
  countOf(
    db,
    sql`select count(*)::int as n from matches where profile_low_id in (${a.profileId}, ${b.profileId}) and profile_high_id in (${a.profileId}, ${b.profileId})`,
  );

const reportsCount = (db: Db) => countOf(db, sql`select count(*)::int as n from reports`);
const outboxCount = (db: Db) => countOf(db, sql`select count(*)::int as n from outbox`);

t.test('a report: the answer, the report, its evidence, the audit row, the block both ways and the closed chat', async (t) => {
  const { app, db, media } = await buildTestApp(t);
  const { a, b, matchId } = await chattingPair(app, db, ['adam', 'eve']);
  // Eve's profile has a stored photo as well as the factory's placeholder, whose bytes are hashed.
  const photoKey = derivativeKeyOf(b.userId, randomUUID(), 'full');
  const photoBytes = Buffer.from('the bytes of eve photo 2');
  await media.put(photoKey, photoBytes, 'image/jpeg');
  await db.execute(sql`update profiles set photo2_url = ${`media:${photoKey}`} where id = ${b.profileId}`);
  const fromEve = await insertMessages(db, matchId, b.profileId, 3, 'from eve');
  const fromAdam = await insertMessages(db, matchId, a.profileId, 2, 'from adam');

  const outboxBeforeReport = await outboxCount(db);
  const answer = await report(app, a, {
    user_id: b.userId,
    category: 'money_request',
    note: '  She asked for money.\nTwice.  ',
    message_ids: [fromEve[2], fromEve[0]],
  });
  t.equal(answer.statusCode, 201, answer.body);
  const { id } = answer.json();
  t.same(answer.json(), { id, detail: FILED });
  t.type(id, 'number');

  const row = await one<Record<string, unknown>>(db, sql`select * from reports where id = ${id}`);
  t.match(row, {
    reporter_id: a.userId,
    reported_id: b.userId,
    category: 'money_request',
    note: 'She asked for money.\nTwice.',
    state: 'open',
    assignee_id: null,
    resolution: null,
  });
  t.ok(row.created_at instanceof Date || typeof row.created_at === 'string', 'created_at is set');

  const evidence = await db.execute<{ kind: string; snapshot: Record<string, unknown>; sha256: string }>(
    sql`select kind, snapshot, sha256 from report_evidence where report_id = ${id}`,
  );
  t.equal(evidence.length, 1);
  const [{ snapshot, sha256, kind }] = evidence;
  t.equal(kind, 'filed');
  t.equal(sha256, row.evidence_sha256, 'the report carries the sha256 of its evidence');
  t.equal(evidenceHash(snapshot), sha256, 'the hash recomputed from the stored snapshot is the same');
  t.match(snapshot, {
    reporter: { user_id: a.userId, profile_id: a.profileId },
    reported: { user_id: b.userId, profile_id: b.profileId },
    filing: { category: 'money_request', note: 'She asked for money.\nTwice.', message_ids: [fromEve[0], fromEve[2]] },
    match: { id: matchId },
  });
  const messages = snapshot.messages as Array<Record<string, unknown>>;
  t.same(
    messages.map((m) => m.id),
    [...fromEve, ...fromAdam],
    'the messages of the pair, oldest first',
  );
  t.match(messages[0], { from_profile_id: b.profileId, text: 'from eve 1', photo_ref: null, created_at: String });
  const profile = snapshot.profile as Record<string, unknown>;
  t.match(profile, { user_id: b.userId, username: 'eve', gender: 'Woman', photo2_url: `media:${photoKey}` });
  t.notOk('password_hash' in profile, 'never the password hash');
  t.same(
    (snapshot.photos as Array<Record<string, unknown>>).find((photo) => photo.slot === 'photo2_url'),
    {
      slot: 'photo2_url',
      ref: `media:${photoKey}`,
      sha256: (await import('node:crypto')).createHash('sha256').update(photoBytes).digest('hex'),
      bytes: photoBytes.length,
    },
    'the stored photo is hashed from its bytes',
  );
  t.match(
    (snapshot.photos as Array<Record<string, unknown>>).find((photo) => photo.slot === 'photo1_url'),
    { sha256: null },
    'a photo value that names no stored object has no hash',
  );

  const audit = await db.execute<Record<string, unknown>>(sql`select * from moderation_audit order by id`);
  t.equal(audit.length, 1);
  t.match(audit[0], {
    actor_id: a.userId,
    report_id: id,
    subject_id: b.userId,
    action: 'report.filed',
    from_state: null,
    to_state: 'open',
  });

  t.same(await blocksBetween(db, a, b), [`${a.userId}>${b.userId}`, `${b.userId}>${a.userId}`].sort(), 'blocked both ways');
  t.equal(await matchCount(db, a, b), 0, 'the match is closed');
  t.equal(await countOf(db, sql`select count(*)::int as n from chat_messages where match_id = ${matchId}`), 0, 'and its chat with it');
  t.equal((await app.inject({ method: 'GET', url: `/api/v1/match/chat/${matchId}/`, headers: b.auth })).statusCode, 404);
  t.equal((await likeProfile(app, b, a.profileId)).statusCode, 404, 'the reported member cannot reach the reporter');

  t.test('the reported member sees what a block by the reporter shows them, nothing more', async (t) => {
    t.same((await get(app, b, '/api/v1/blocked/')).json(), [], 'no block of theirs in their list');
    const unblock = await app.inject({ method: 'DELETE', url: `/api/v1/block/${a.userId}/unblock/`, headers: b.auth });
    t.equal(unblock.statusCode, 404, 'nothing of theirs to lift');
    t.equal(unblock.json().detail, 'You have not blocked this user.');
    t.equal((await post(app, b, `/api/v1/block/${a.userId}/`)).statusCode, 404, 'the reporter is hidden, as after a block');
    t.same(
      (await get(app, a, '/api/v1/blocked/')).json().map((card: { user_id: number }) => card.user_id),
      [b.userId],
      "the reporter's own block is in the reporter's list",
    );
  });

  t.test('the events are exactly those of a block, and none names a report', async (t) => {
    const reportEvents = await db.execute<{ subject: string; payload: Record<string, unknown> }>(
      sql`select subject, payload from outbox order by id offset ${outboxBeforeReport}`,
    );
    t.same(
      reportEvents.map((e) => e.subject),
      ['matches.removed'],
    );
    t.match(reportEvents[0].payload, { matchId, reason: 'block', removedByUserId: a.userId });
    // A plain block of another matched pair, for comparison.
    const other = await chattingPair(app, db, ['cain', 'lilith']);
    const before = await outboxCount(db);
    t.equal((await post(app, other.a, `/api/v1/block/${other.b.userId}/`)).statusCode, 200);
    const blockEvents = await db.execute<{ subject: string; payload: Record<string, unknown> }>(
      sql`select subject, payload from outbox order by id offset ${before}`,
    );
    t.same(
      blockEvents.map((e) => e.subject),
      ['matches.removed'],
    );
    t.same(Object.keys(reportEvents[0].payload).sort(), Object.keys(blockEvents[0].payload).sort(), 'the same fields');
    const all = await db.execute<{ text: string }>(sql`select subject || payload::text as text from outbox`);
    t.notOk(
      all.some((e) => /report/i.test(e.text)),
      'no event mentions a report',
    );
  });

  t.test('a repeat while the report is open joins it: 200, the same id, an addendum', async (t) => {
    const again = await report(app, a, { user_id: b.userId, category: 'scam_spam', note: 'She also sent a link.' });
    t.equal(again.statusCode, 200, again.body);
    t.same(again.json(), { id, detail: FILED });
    t.equal(await countOf(db, sql`select count(*)::int as n from reports where reporter_id = ${a.userId}`), 1, 'still one report');
    const rows = await db.execute<{ kind: string; snapshot: { filing: Record<string, unknown> }; sha256: string }>(
      sql`select kind, snapshot, sha256 from report_evidence where report_id = ${id} order by id`,
    );
    t.same(
      rows.map((r) => r.kind),
      ['filed', 'addendum'],
    );
    t.match(rows[1].snapshot.filing, { category: 'scam_spam', note: 'She also sent a link.' });
    t.equal(evidenceHash(rows[1].snapshot), rows[1].sha256);
    const reportRow = await one<{ evidence_sha256: string; category: string; note: string }>(
      db,
      sql`select * from reports where id = ${id}`,
    );
    t.equal(reportRow.evidence_sha256, sha256, "the report keeps its first evidence's hash");
    t.equal(reportRow.category, 'money_request', 'and its first category');
    t.match(await one(db, sql`select * from moderation_audit order by id desc limit 1`), {
      action: 'report.joined',
      report_id: id,
      from_state: 'open',
      to_state: 'open',
    });
  });

  t.test("another member's report is never joined or changed", async (t) => {
    const byEve = await report(app, b, { user_id: a.userId, category: 'harassment_hate' });
    t.equal(byEve.statusCode, 201, 'the reported member reporting back files their own report');
    t.not(byEve.json().id, id);
    const third = await man(app, db, {}, 'seth');
    const bySeth = await report(app, third, { user_id: b.userId, category: 'fake_profile' });
    t.equal(bySeth.statusCode, 201);
    t.not(bySeth.json().id, id);
    t.equal(
      await countOf(db, sql`select count(*)::int as n from report_evidence where report_id = ${id}`),
      2,
      "adam's report is unchanged",
    );
  });

  t.test('the evidence outlives the reported account, unchanged', async (t) => {
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: b.auth })).statusCode, 200);
    const kept = await one<{ reported_id: number | null; evidence_sha256: string }>(db, sql`select * from reports where id = ${id}`);
    t.equal(kept.reported_id, null, 'the reference to the account is gone');
    const [stored] = await db.execute<{ snapshot: unknown; sha256: string }>(
      sql`select snapshot, sha256 from report_evidence where report_id = ${id} and kind = 'filed'`,
    );
    t.equal(stored.sha256, sha256);
    t.equal(evidenceHash(stored.snapshot), sha256, 'the snapshot still hashes to the stored sha256');
    t.equal(canonicalJson(stored.snapshot), canonicalJson(snapshot), 'and is the same snapshot');
    const gone = await report(app, a, { user_id: b.userId, category: 'other' });
    t.equal(gone.statusCode, 404);
    t.equal(gone.json().detail, 'User not found.', 'a deleted member cannot be reported');
  });
});

t.test('refused reports: 400, 401 and 404 with their words, writing nothing', async (t) => {
  const { app, db } = await buildTestApp(t);
  const { a, b, matchId } = await chattingPair(app, db, ['adam', 'eve']);
  const other = await chattingPair(app, db, ['cain', 'lilith']);
  const fromEve = await insertMessages(db, matchId, b.profileId, 1, 'from eve');
  const fromAdam = await insertMessages(db, matchId, a.profileId, 1, 'from adam');
  const elsewhere = await insertMessages(db, other.matchId, other.b.profileId, 1, 'from lilith');
  const valid = { user_id: b.userId, category: 'other' };
  const cases: Array<[string, Record<string, unknown>, number, string?]> = [
    ['self', { ...valid, user_id: a.userId }, 400, "You can't report yourself."],
    ['unknown user', { ...valid, user_id: 9_000_000 }, 404, 'User not found.'],
    ['unknown category', { ...valid, category: 'rude' }, 400],
    ['no category', { user_id: b.userId }, 400],
    ['a user id of 0', { ...valid, user_id: 0 }, 400],
    ['an extra property', { ...valid, extra: 1 }, 400],
    ['a note of 501 characters', { ...valid, note: 'x'.repeat(501) }, 400, 'A note can be at most 500 characters.'],
    ['a tab in the note', { ...valid, note: 'a\tb' }, 400, 'A note cannot contain control characters (only line breaks).'],
    ['a carriage return in the note', { ...valid, note: 'a\r\nb' }, 400],
    ['DEL in the note', { ...valid, note: 'a\u007fb' }, 400],
    ['NUL in the note', { ...valid, note: 'a\u0000b' }, 400],
    ['11 message ids', { ...valid, message_ids: Array.from({ length: 11 }, (_, i) => i + 1) }, 400],
    ['a repeated message id', { ...valid, message_ids: [fromEve[0], fromEve[0]] }, 400],
    ['a message id of 0', { ...valid, message_ids: [0] }, 400],
    ['a message I sent', { ...valid, message_ids: [fromAdam[0]] }, 404, "That message isn't in your conversation with this member."],
    [
      'a message of another pair',
      { ...valid, message_ids: [elsewhere[0]] },
      404,
      "That message isn't in your conversation with this member.",
    ],
    ['one good and one unknown message', { ...valid, message_ids: [fromEve[0], 9_000_000] }, 404],
    ['a message of another pair, naming its sender', { ...valid, user_id: other.b.userId, message_ids: [fromEve[0]] }, 404],
  ];
  for (const [label, payload, status, detail] of cases) {
    const response = await report(app, a, payload);
    t.equal(response.statusCode, status, `${label}: ${response.body}`);
    if (detail) t.equal(response.json().detail, detail, `${label}: the words`);
  }
  t.equal(await reportsCount(db), 0, 'no report was written');
  t.equal(await countOf(db, sql`select count(*)::int as n from blocks`), 0, 'no block');
  t.equal(await countOf(db, sql`select count(*)::int as n from moderation_audit`), 0, 'no audit row');
  t.equal(await matchCount(db, a, b), 1, 'the match stands');
  t.equal((await report(app, a, { ...valid, note: '   ' })).statusCode, 201, 'a blank note is no note');
  t.equal((await one<{ note: string | null }>(db, sql`select note from reports`)).note, null);
  const unauthenticated = await app.inject({ method: 'POST', url: '/api/v1/reports/', payload: valid });
  t.equal(unauthenticated.statusCode, 401);
});

t.test('reporting needs no match and works through a block either way', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const stranger = await woman(app, db, {}, 'stranger');
  const blockedByAdam = await woman(app, db, {}, 'blocked_by_adam');
  const blockedAdam = await woman(app, db, {}, 'blocked_adam');
  await likeProfile(app, stranger, adam.profileId);
  t.equal((await post(app, adam, `/api/v1/block/${blockedByAdam.userId}/`)).statusCode, 200);
  t.equal((await post(app, blockedAdam, `/api/v1/block/${adam.userId}/`)).statusCode, 200);
  for (const target of [stranger, blockedByAdam, blockedAdam]) {
    const response = await report(app, adam, { user_id: target.userId, category: 'fake_profile' });
    t.equal(response.statusCode, 201, `${target.username}: ${response.body}`);
    t.same(await blocksBetween(db, adam, target), [`${adam.userId}>${target.userId}`, `${target.userId}>${adam.userId}`].sort());
  }
  t.equal(
    await countOf(db, sql`select count(*)::int as n from likes where to_profile_id = ${adam.profileId}`),
    0,
    "the stranger's like went with the block",
  );
});

t.test('all or nothing: when a later step fails, nothing of the report stays', async (t) => {
  const { app, db } = await buildTestApp(t);
  const { a, b, matchId } = await chattingPair(app, db, ['adam', 'eve']);
  const [message] = await insertMessages(db, matchId, b.profileId, 1, 'from eve');
  const outboxBefore = await outboxCount(db);
  // The block is the last step: make it fail.
  await db.execute(
    sql`create function fail_block() returns trigger language plpgsql as $$ begin raise exception 'block refused for the test'; end; $$`,
  );
  await db.execute(sql`create trigger fail_block before insert on blocks for each row execute function fail_block()`);
  const failed = await report(app, a, { user_id: b.userId, category: 'scam_spam', message_ids: [message] }, 'key-1');
  t.equal(failed.statusCode, 500);
  t.equal(await reportsCount(db), 0, 'no report');
  t.equal(await countOf(db, sql`select count(*)::int as n from report_evidence`), 0, 'no evidence');
  t.equal(await countOf(db, sql`select count(*)::int as n from moderation_audit`), 0, 'no audit row');
  t.equal(await countOf(db, sql`select count(*)::int as n from idempotent_requests`), 0, 'no kept answer');
  t.equal(await matchCount(db, a, b), 1, 'the match stands');
  t.equal(await countOf(db, sql`select count(*)::int as n from chat_messages where match_id = ${matchId}`), 1, 'with its chat');
  t.equal(await outboxCount(db), outboxBefore, 'no event');
  await db.execute(sql`drop trigger fail_block on blocks`);
  const retried = await report(app, a, { user_id: b.userId, category: 'scam_spam', message_ids: [message] }, 'key-1');
  t.equal(retried.statusCode, 201, 'the retry with the same key does the work');
});

t.test('an Idempotency-Key: a retry answers the first result and writes nothing more', async (t) => {
  const { app, db } = await buildTestApp(t);
  const { a, b } = await chattingPair(app, db, ['adam', 'eve']);
  const body = { user_id: b.userId, category: 'harassment_hate', note: 'rude' };
  const first = await report(app, a, body, 'report-1');
  t.equal(first.statusCode, 201);
  const counts = async () => ({
    reports: await reportsCount(db),
    evidence: await countOf(db, sql`select count(*)::int as n from report_evidence`),
    audit: await countOf(db, sql`select count(*)::int as n from moderation_audit`),
    outbox: await outboxCount(db),
  });
  const after = await counts();
  const retry = await report(app, a, body, 'report-1');
  t.equal(retry.statusCode, 201, 'the same status');
  t.same(retry.json(), first.json(), 'the same answer');
  t.same(await counts(), after, 'nothing written twice');
  const reused = await report(app, a, { ...body, note: 'other words' }, 'report-1');
  t.equal(reused.statusCode, 409, 'the same key with another body');
  const unkeyed = await report(app, a, body);
  t.equal(unkeyed.statusCode, 200, 'without a key, the repeat joins the open report');
});

t.test('the daily limit: the 11th report in 24 hours is refused and writes nothing; a repeat is not a report', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  const lilith = await woman(app, db, {}, 'lilith');
  const naamah = await woman(app, db, {}, 'naamah');
  t.equal((await report(app, adam, { user_id: eve.userId, category: 'other' })).statusCode, 201);
  // Nine more reports in the last day (closed ones count too), written straight to the table.
  await db.execute(sql`
    insert into reports (reporter_id, reported_id, category, state, evidence_sha256, created_at)
    select ${adam.userId}, ${naamah.userId}, 'other', 'dismissed', 'x', now() - interval '23 hours'
    from generate_series(1, 9)`);
  const before = await outboxCount(db);
  await likeProfile(app, lilith, adam.profileId);
  const refused = await report(app, adam, { user_id: lilith.userId, category: 'other' });
  t.equal(refused.statusCode, 429);
  t.equal(refused.json().detail, "You have reached today's limit of 10 reports. Please try again tomorrow.");
  t.equal(await reportsCount(db), 10, 'no report written');
  t.same(await blocksBetween(db, adam, lilith), [], 'no block');
  t.equal(await countOf(db, sql`select count(*)::int as n from likes where from_profile_id = ${lilith.profileId}`), 1, 'the like stands');
  t.equal(await outboxCount(db), before + 1, 'no event but the like');
  const repeat = await report(app, adam, { user_id: eve.userId, category: 'other', note: 'more' });
  t.equal(repeat.statusCode, 200, 'a repeat joining an open report is not refused');
  await db.execute(sql`update reports set created_at = now() - interval '25 hours' where reporter_id = ${adam.userId} and state = 'dismissed'
    and id = (select min(id) from reports where state = 'dismissed')`);
  t.equal((await report(app, adam, { user_id: lilith.userId, category: 'other' })).statusCode, 201, 'a day later there is room again');
});

t.test('reports of the same pair sent at once make one open report', async (t) => {
  const { app, db } = await buildTestApp(t);
  const { a, b, matchId } = await chattingPair(app, db, ['adam', 'eve']);
  await insertMessages(db, matchId, b.profileId, 1, 'from eve');
  const answers = await Promise.all([
    // Message ids would be refused once another filing closed the chat: none here.
    report(app, a, { user_id: b.userId, category: 'other', note: 'first' }),
    report(app, a, { user_id: b.userId, category: 'other' }),
    report(app, a, { user_id: b.userId, category: 'scam_spam' }),
    likeProfile(app, b, a.profileId),
  ]);
  const reports = answers.slice(0, 3);
  t.same(reports.map((r) => r.statusCode).sort(), [200, 200, 201], reports.map((r) => r.body).join(' '));
  t.equal(new Set(reports.map((r) => r.json().id)).size, 1, 'one id');
  t.equal(await reportsCount(db), 1, 'one report');
  t.equal(await countOf(db, sql`select count(*)::int as n from report_evidence`), 3, 'a snapshot per filing');
  t.equal(await matchCount(db, a, b), 0);
  t.same(await blocksBetween(db, a, b), [`${a.userId}>${b.userId}`, `${b.userId}>${a.userId}`].sort());
});

t.test('the two stay apart after the reporter lifts their own block', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  t.equal((await report(app, adam, { user_id: eve.userId, category: 'off_platform' })).statusCode, 201);
  t.equal((await app.inject({ method: 'DELETE', url: `/api/v1/block/${eve.userId}/unblock/`, headers: adam.auth })).statusCode, 200);
  t.notOk((await discoveredNames(app, adam)).includes('eve'), 'the reporter does not see the reported member');
  t.notOk((await discoveredNames(app, eve)).includes('adam'), 'nor the other way');
  t.equal((await likeProfile(app, eve, adam.profileId)).statusCode, 404);
  t.equal((await likeProfile(app, adam, eve.profileId)).statusCode, 404);
});

t.test('the moderation audit refuses UPDATE, DELETE and TRUNCATE', async (t) => {
  const { app, db } = await buildTestApp(t);
  const adam = await man(app, db, {}, 'adam');
  const eve = await woman(app, db, {}, 'eve');
  t.equal((await report(app, adam, { user_id: eve.userId, category: 'other' })).statusCode, 201);
  for (const statement of [
    sql`update moderation_audit set action = 'forged'`,
    sql`delete from moderation_audit`,
    sql`truncate moderation_audit`,
  ]) {
    await t.rejects(db.execute(statement), { cause: { message: /moderation_audit is append-only/ } });
  }
  t.equal(await countOf(db, sql`select count(*)::int as n from moderation_audit where action = 'report.filed'`), 1, 'the row is intact');
});
