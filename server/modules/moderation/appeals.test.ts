/**
 * Statements of reasons and appeals: every decision a member can feel writes a statement (in the
 * app and by email) naming what was done, the facts, the category, that a person decided, and how
 * to appeal by when. A member appeals once, within 14 days; a different moderator decides it;
 * overturning voids the strike and lifts exactly what it added, and the member is told.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { APPEAL_MESSAGES } from '../../contract/restrictions.ts';
import { buildTestApp } from '../../test/app.ts';
import { get, man, woman } from '../../test/members.ts';
import { act, appeal, decideAppeal, fileReport, moderator, queue, reportRow, statementsOf } from '../../test/moderation.ts';
import { waitFor } from '../../test/nats.ts';

const strikesOf = async (db: Parameters<typeof reportRow>[0], userId: number) =>
  db.execute<{ resolution: string; voided: boolean }>(
    sql`select resolution, voided_at is not null as voided from moderation_strikes where member_id = ${userId} order by id`,
  );

t.test('a decision writes a statement of reasons, in the app and by email', async (t) => {
  const { app, db, mailbox } = await buildTestApp(t);
  const [reporter, member, mod] = [await woman(app, db, {}, 'reporter_x'), await man(app, db), await moderator(app, db)];
  const reportId = await fileReport(app, reporter, member, 'money_request', 'He asked me for 500 dollars.');
  await act(app, mod, reportId, 'suspend_7d', 'Asked a member for money for a plane ticket.');

  const { restriction, statements } = await statementsOf(app, member);
  t.equal(restriction?.kind, 'suspended');
  t.equal(statements.length, 1);
  const [statement] = statements;
  t.match(statement, {
    kind: 'decision',
    resolution: 'suspend_7d',
    category: 'money_request',
    category_label: 'Asking for money',
    facts: 'Asked a member for money for a plane ticket.',
    automated: false,
    can_appeal: true,
    appeal: 'none',
  });
  t.match(statement.decision, /^Your account is suspended for 7 days\. It ends on .+ UTC\.$/);
  const days = (Date.parse(String(statement.appeal_until)) - Date.parse(String(statement.created_at))) / 86_400_000;
  t.ok(Math.abs(days - 14) < 0.001, `appealable for 14 days (${days})`);
  t.match(statement.how_to_appeal, /You may appeal once, within 14 days/);

  await waitFor(() => mailbox.some((mail) => mail.to === member.email), 10_000, 'the statement mail');
  const mail = mailbox.find((m) => m.to === member.email);
  t.equal(mail?.subject, 'A decision about your Betroth account');
  t.match(mail?.text, 'Your account is suspended for 7 days.');
  t.match(mail?.text, 'Category: Asking for money');
  t.match(mail?.text, 'Facts: Asked a member for money for a plane ticket.');
  t.match(mail?.text, 'not by an automated system');
  t.match(mail?.text, 'You may appeal once, within 14 days');
  const texts = JSON.stringify({ statements, mails: mailbox.filter((m) => m.to === member.email) });
  t.notOk(texts.includes(reporter.username) || texts.includes('500 dollars'), 'nothing names the reporter or quotes their note');
  await waitFor(async () => {
    const [row] = await db.execute<{ mailed: boolean }>(sql`select mailed_at is not null as mailed from moderation_statements`);
    return row.mailed;
  });
  t.equal(mailbox.filter((m) => m.to === member.email).length, 1, 'one mail');

  // A warning is felt too: it has its statement, and restricts nothing.
  await act(app, mod, await fileReport(app, await woman(app, db), member, 'harassment_hate'), 'warning', 'Rude messages.');
  const after = await statementsOf(app, member);
  t.equal(after.statements.length, 2);
  t.match(after.statements[0], { resolution: 'warning', restricted_until: null });
});

t.test('an appeal: once, by the member, within 14 days; only their own statements', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, member, other, mod] = [await woman(app, db), await man(app, db), await man(app, db), await moderator(app, db)];
  const reportId = await fileReport(app, reporter, member, 'harassment_hate');
  await act(app, mod, reportId, 'suspend_3d', 'Threatening language.');
  const [statement] = (await statementsOf(app, member)).statements;

  t.equal((await appeal(app, other, statement.id, 'Not me.')).statusCode, 404, "another member's statement is 404");
  t.equal((await appeal(app, member, 9_000_000, 'Not me.')).statusCode, 404, 'a statement that does not exist is 404');
  for (const [text, message] of [
    ['   ', APPEAL_MESSAGES.textRequired],
    ['x'.repeat(1001), APPEAL_MESSAGES.textTooLong],
    ['bad\u0007bell', APPEAL_MESSAGES.textControl],
  ]) {
    const response = await appeal(app, member, statement.id, text);
    t.equal(response.statusCode, 400);
    t.equal(response.json().detail, message);
  }
  t.equal((await reportRow(db, reportId)).state, 'actioned', 'nothing changed');

  const first = await appeal(app, member, statement.id, 'I was quoting a film, not threatening anyone.');
  t.equal(first.statusCode, 200, first.body);
  t.match(first.json(), { id: statement.id, appeal: 'pending', can_appeal: false });
  t.match(await reportRow(db, reportId), { state: 'appealed' });
  const [audit] = await db.execute(sql`select * from moderation_audit where report_id = ${reportId} order by id desc limit 1`);
  t.match(audit, { actor_id: member.userId, action: 'report.appealed', from_state: 'actioned', to_state: 'appealed' });

  t.equal(
    (await appeal(app, member, statement.id, 'I was quoting a film, not threatening anyone.')).statusCode,
    200,
    'a retry: the same answer',
  );
  const second = await appeal(app, member, statement.id, 'Another try.');
  t.equal(second.statusCode, 409);
  t.equal(second.json().detail, APPEAL_MESSAGES.alreadyAppealed);
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from moderation_appeals`);
  t.equal(n, 1, 'one appeal stored');

  // Past the window: 409, nothing written.
  const late = await fileReport(app, await woman(app, db), member, 'other');
  await db.execute(sql`update users set suspended_until = null where id = ${member.userId}`);
  await act(app, mod, late, 'warning');
  const [warning] = (await statementsOf(app, member)).statements;
  await db.execute(sql`update moderation_statements set appeal_until = now() - interval '1 second' where id = ${warning.id}`);
  const closed = await appeal(app, member, warning.id, 'Please look again.');
  t.equal(closed.statusCode, 409);
  t.equal(closed.json().detail, APPEAL_MESSAGES.windowClosed);
  t.equal((await reportRow(db, late)).state, 'actioned');
});

t.test(
  'the appeal is decided by another moderator: the same one gets 403; overturn voids the strike and lifts the suspension',
  async (t) => {
    const { app, db, mailbox } = await buildTestApp(t);
    const [reporter, member, viewer] = [await woman(app, db), await man(app, db), await woman(app, db)];
    const [mod1, mod2] = [await moderator(app, db), await moderator(app, db)];
    // A live warning first, so the count after the overturn is checked against it.
    await act(app, mod1, await fileReport(app, await woman(app, db), member, 'other'), 'warning');
    const reportId = await fileReport(app, reporter, member, 'fake_profile');
    await act(app, mod1, reportId, 'suspend_30d', 'Photos of someone else.');
    const statement = (await statementsOf(app, member)).statements.find((s) => s.resolution === 'suspend_30d');
    t.equal((await appeal(app, member, statement?.id as number, 'They are my photos; I can verify.')).statusCode, 200);

    const listed = (await queue(app, mod2)).json().items as Array<{ id: number; state: string }>;
    t.ok(
      listed.some((item) => item.id === reportId && item.state === 'appealed'),
      'the appeal is in the queue',
    );

    const pending = await get(app, mod2, `/api/v1/moderation/reports/${reportId}/`);
    t.match(
      pending.json().appeal,
      { text: 'They are my photos; I can verify.', outcome: null, decided_at: null },
      'the report carries the appeal',
    );
    t.type(pending.json().appeal.created_at, 'string');

    const same = await decideAppeal(app, mod1, reportId, { outcome: 'overturn', reason: 'I was wrong.' });
    t.equal(same.statusCode, 403);
    t.equal(same.json().detail, 'A different moderator must decide this appeal: you took the decision it contests.');
    t.equal((await reportRow(db, reportId)).state, 'appealed', 'unchanged');
    t.equal((await decideAppeal(app, mod2, reportId, { outcome: 'overturn', reason: ' ' })).statusCode, 400, 'a reason is required');
    t.equal((await decideAppeal(app, viewer, reportId, { outcome: 'overturn', reason: 'x' })).statusCode, 404, 'members: 404');

    const overturned = await decideAppeal(app, mod2, reportId, {
      outcome: 'overturn',
      reason: 'The member verified these photos are theirs.',
    });
    t.equal(overturned.statusCode, 200, overturned.body);
    t.match(overturned.json(), { state: 'overturned', reported: { live_strikes: 1 } });
    t.match(overturned.json().appeal, { text: 'They are my photos; I can verify.', outcome: 'overturned', decided_at: String });
    t.same(await strikesOf(db, member.userId), [
      { resolution: 'warning', voided: false },
      { resolution: 'suspend_30d', voided: true },
    ]);
    t.equal((await get(app, member, '/api/v1/my_profile/')).statusCode, 200, 'the member is whole again');
    const after = await statementsOf(app, member);
    t.equal(after.restriction, null);
    t.match(after.statements[0], { kind: 'appeal_overturned', can_appeal: false, facts: 'The member verified these photos are theirs.' });
    t.match(
      after.statements.find((s) => s.id === statement?.id),
      { appeal: 'overturned' },
    );
    await waitFor(() => mailbox.some((m) => m.to === member.email && /overturned/.test(m.subject)), 10_000, 'the outcome mail');

    t.equal(
      (await decideAppeal(app, mod2, reportId, { outcome: 'overturn', reason: 'again' })).statusCode,
      200,
      'a retry answers the same',
    );
    const upholdNow = await decideAppeal(app, mod2, reportId, { outcome: 'uphold', reason: 'changed my mind' });
    t.equal(upholdNow.statusCode, 409, 'a decided appeal cannot be decided again');
    const [{ audits }] = await db.execute<{ audits: number }>(
      sql`select count(*)::int as audits from moderation_audit where report_id = ${reportId} and action = 'report.overturned'`,
    );
    t.equal(audits, 1, 'one audit row for the overturn');
  },
);

t.test('uphold keeps everything; overturning one suspension keeps another still live; overturning a ban lifts it', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [member, mod1, mod2] = [await man(app, db), await moderator(app, db), await moderator(app, db)];
  const first = await fileReport(app, await woman(app, db), member, 'harassment_hate');
  await act(app, mod1, first, 'suspend_30d', 'Abuse.');
  const second = await fileReport(app, await woman(app, db), member, 'harassment_hate');
  await act(app, mod1, second, 'suspend_3d', 'More abuse.');
  const until = async () =>
    (await db.execute<{ until: string | null }>(sql`select suspended_until::text as until from users where id = ${member.userId}`))[0]
      .until;
  const longEnd = await until();

  const statements = (await statementsOf(app, member)).statements;
  const short = statements.find((s) => s.resolution === 'suspend_3d');
  const long = statements.find((s) => s.resolution === 'suspend_30d');
  t.equal((await appeal(app, member, short?.id as number, 'Sorry.')).statusCode, 200);
  t.equal((await decideAppeal(app, mod2, second, { outcome: 'overturn', reason: 'Duplicate of the first.' })).statusCode, 200);
  t.equal(await until(), longEnd, 'the 30-day suspension still runs to its end');

  t.equal((await appeal(app, member, long?.id as number, 'Please.')).statusCode, 200);
  const upheld = await decideAppeal(app, mod2, first, { outcome: 'uphold', reason: 'The messages speak for themselves.' });
  t.equal(upheld.statusCode, 200);
  t.equal(upheld.json().state, 'upheld');
  t.equal(await until(), longEnd, 'upheld: unchanged');
  t.match((await statementsOf(app, member)).statements[0], { kind: 'appeal_upheld', decision: /upheld the decision/ });

  const banned = await man(app, db);
  const banReport = await fileReport(app, await woman(app, db), banned, 'underage');
  await act(app, mod1, banReport, 'ban', 'Said they are 16.');
  const [banStatement] = (await statementsOf(app, banned)).statements;
  t.equal((await appeal(app, banned, banStatement.id, 'I am 24; here is my ID.')).statusCode, 200, 'a banned member may appeal');
  t.equal((await decideAppeal(app, mod2, banReport, { outcome: 'overturn', reason: 'Age verified: 24.' })).statusCode, 200);
  t.equal((await get(app, banned, '/api/v1/my_profile/')).statusCode, 200, 'the ban is lifted');
  const [{ banned_at, identity_banned_at }] = await db.execute<{ banned_at: string | null; identity_banned_at: string | null }>(sql`
    select u.banned_at, i.banned_at as identity_banned_at from users u join member_identities i on i.id = u.identity_id
    where u.id = ${banned.userId}`);
  t.equal(banned_at, null);
  t.equal(identity_banned_at, null, 'and so is the ban on their email and phone');
});

t.test('an appeal outcome is not itself appealable; an appeal races its twin', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [member, mod1, mod2] = [await man(app, db), await moderator(app, db), await moderator(app, db)];
  const reportId = await fileReport(app, await woman(app, db), member, 'other');
  await act(app, mod1, reportId, 'warning');
  const [statement] = (await statementsOf(app, member)).statements;
  const answers = await Promise.all([appeal(app, member, statement.id, 'one'), appeal(app, member, statement.id, 'two')]);
  t.same(answers.map((a) => a.statusCode).sort(), [200, 409], 'two different appeals at once: one is stored');
  t.equal((await decideAppeal(app, mod2, reportId, { outcome: 'uphold', reason: 'Stands.' })).statusCode, 200);
  const [outcome] = (await statementsOf(app, member)).statements;
  const response = await appeal(app, member, outcome.id, 'and again');
  t.equal(response.statusCode, 409);
  t.equal(response.json().detail, APPEAL_MESSAGES.notAppealable);
});
