/**
 * Claims and decisions: open → in_review → actioned | dismissed, each transition with exactly one
 * audit row; only the assignee decides; an action writes a strike and the restriction; repeats
 * write nothing; concurrent claims and decisions have exactly one winner.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { man, woman } from '../../test/members.ts';
import { claim, decide, fileReport, moderator, queue, reportRow } from '../../test/moderation.ts';

const REASON = 'Asked three members for money in the first message.';

t.test('claim: the first moderator wins, a repeat of their own claim writes nothing, a second moderator gets 409', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, reported, mod1, mod2] = [await man(app, db), await woman(app, db), await moderator(app, db), await moderator(app, db)];
  const id = await fileReport(app, reporter, reported, 'scam_spam');

  const first = await claim(app, mod1, id);
  t.equal(first.statusCode, 200, first.body);
  t.match(first.json(), { id, state: 'in_review', assignee: { user_id: mod1.userId, username: mod1.username } });
  t.same(await reportRow(db, id), { state: 'in_review', assignee_id: mod1.userId, resolution: null, audits: 2 }, 'filed + claimed');
  const [audit] = await db.execute(sql`select * from moderation_audit where report_id = ${id} order by id desc limit 1`);
  t.match(audit, {
    actor_id: mod1.userId,
    subject_id: reported.userId,
    action: 'report.claimed',
    from_state: 'open',
    to_state: 'in_review',
  });

  t.equal((await claim(app, mod1, id)).statusCode, 200, 'the same moderator again: the same answer');
  t.equal((await reportRow(db, id)).audits, 2, 'and no second audit row');

  const second = await claim(app, mod2, id);
  t.equal(second.statusCode, 409);
  t.equal(second.json().detail, 'This report is already in review, so it cannot be claimed.');
  t.same(await reportRow(db, id), { state: 'in_review', assignee_id: mod1.userId, resolution: null, audits: 2 }, 'unchanged');
});

t.test('concurrent claims of the same report by two moderators: exactly one wins, one audit row', async (t) => {
  const { app, db } = await buildTestApp(t);
  const reporters = [await man(app, db), await man(app, db), await man(app, db)];
  const reported = await woman(app, db);
  const [mod1, mod2] = [await moderator(app, db), await moderator(app, db)];
  for (const reporter of reporters) {
    const id = await fileReport(app, reporter, reported);
    const answers = await Promise.all([claim(app, mod1, id), claim(app, mod2, id)]);
    t.same(answers.map((a) => a.statusCode).sort(), [200, 409], `report ${id}: one 200, one 409`);
    const winner = answers[0].statusCode === 200 ? mod1 : mod2;
    const [{ n }] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from moderation_audit where report_id = ${id} and action = 'report.claimed'`,
    );
    t.equal(n, 1, 'one claim audited');
    t.equal((await reportRow(db, id)).assignee_id, winner.userId, 'assigned to the winner');
  }
});

t.test('decide: only the assignee; an action writes the strike, the restriction and one audit row', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, reported, mod1, mod2] = [await man(app, db), await woman(app, db), await moderator(app, db), await moderator(app, db)];
  const id = await fileReport(app, reporter, reported, 'money_request');
  const act = { action: 'act', resolution: 'suspend_7d', reason: `  ${REASON}  ` };

  const early = await decide(app, mod1, id, act);
  t.equal(early.statusCode, 409, 'an open report cannot be decided');
  t.equal(early.json().detail, 'This report is not claimed yet, so it cannot be actioned.');
  t.equal((await claim(app, mod1, id)).statusCode, 200);

  const other = await decide(app, mod2, id, act);
  t.equal(other.statusCode, 403);
  t.equal(other.json().detail, 'Only the moderator who claimed this report can decide it.');
  t.same(await reportRow(db, id), { state: 'in_review', assignee_id: mod1.userId, resolution: null, audits: 2 }, 'nothing changed');

  const decided = await decide(app, mod1, id, act);
  t.equal(decided.statusCode, 200, decided.body);
  t.match(decided.json(), { state: 'actioned', resolution: 'suspend_7d', reported: { live_strikes: 1, suspended_until: String } });
  t.same(await reportRow(db, id), { state: 'actioned', assignee_id: mod1.userId, resolution: 'suspend_7d', audits: 3 });
  const strikes = await db.execute(
    sql`select member_id::int, report_id::int, resolution, reason, moderator_id::int, voided_at from moderation_strikes`,
  );
  t.same(strikes, [
    { member_id: reported.userId, report_id: id, resolution: 'suspend_7d', reason: REASON, moderator_id: mod1.userId, voided_at: null },
  ]);
  const [user] = await db.execute<{ days: number; banned_at: Date | null }>(
    sql`select extract(epoch from suspended_until - now()) / 86400 as days, banned_at from users where id = ${reported.userId}`,
  );
  t.ok(Number(user.days) > 6.99 && Number(user.days) <= 7, `suspended for 7 days (${user.days})`);
  t.equal(user.banned_at, null);
  const [audit] = await db.execute<Record<string, unknown>>(
    sql`select * from moderation_audit where report_id = ${id} order by id desc limit 1`,
  );
  t.match(audit, {
    actor_id: mod1.userId,
    action: 'report.actioned',
    from_state: 'in_review',
    to_state: 'actioned',
    detail: { resolution: 'suspend_7d', reason: REASON, strike_id: Number, suspended_until: String },
  });

  t.equal((await decide(app, mod1, id, act)).statusCode, 200, 'the same decision again: the same answer');
  t.equal((await reportRow(db, id)).audits, 3, 'and nothing written');
  const change = await decide(app, mod1, id, { action: 'dismiss' });
  t.equal(change.statusCode, 409);
  t.equal(change.json().detail, 'This report is already decided with an action, so it cannot be dismissed.');
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from moderation_strikes`);
  t.equal(n, 1, 'one strike');
});

t.test('a ban has no end, a warning restricts nothing, a dismissal writes no strike', async (t) => {
  const { app, db } = await buildTestApp(t);
  const mod = await moderator(app, db);
  const cases = [
    { decision: { action: 'act', resolution: 'ban', reason: REASON }, state: 'actioned' },
    { decision: { action: 'act', resolution: 'warning', reason: REASON }, state: 'actioned' },
    { decision: { action: 'dismiss' }, state: 'dismissed' },
  ];
  for (const { decision, state } of cases) {
    const [reporter, reported] = [await man(app, db), await woman(app, db)];
    const id = await fileReport(app, reporter, reported);
    await claim(app, mod, id);
    const answer = await decide(app, mod, id, decision);
    t.equal(answer.statusCode, 200, answer.body);
    t.equal(answer.json().state, state);
    const [user] = await db.execute<{ suspended_until: Date | null; banned_at: Date | null; strikes: number }>(sql`
      select suspended_until, banned_at, (select count(*)::int from moderation_strikes where report_id = ${id}) as strikes
      from users where id = ${reported.userId}`);
    const resolution = (decision as { resolution?: string }).resolution ?? 'dismiss';
    t.equal(user.suspended_until, null, `${resolution}: no suspension`);
    t.equal(user.banned_at !== null, resolution === 'ban', `${resolution}: banned only by a ban`);
    t.equal(user.strikes, resolution === 'dismiss' ? 0 : 1, `${resolution}: strikes`);
    t.equal((await reportRow(db, id)).audits, 3, `${resolution}: filed, claimed, decided`);
  }
});

t.test('two different decisions at once by the assignee: exactly one is written', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [reporter, reported, mod] = [await man(app, db), await woman(app, db), await moderator(app, db)];
  const id = await fileReport(app, reporter, reported);
  await claim(app, mod, id);
  const answers = await Promise.all([
    decide(app, mod, id, { action: 'dismiss' }),
    decide(app, mod, id, { action: 'act', resolution: 'suspend_3d', reason: REASON }),
  ]);
  t.same(answers.map((a) => a.statusCode).sort(), [200, 409]);
  const row = await reportRow(db, id);
  t.equal(row.audits, 3, 'one decision audited');
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from moderation_strikes`);
  t.equal(n, row.state === 'actioned' ? 1 : 0, 'a strike only if the action won');
});

t.test(
  'a moderator cannot review a report they filed, and never sees one about them; a gone member is dismissed, not actioned',
  async (t) => {
    const { app, db } = await buildTestApp(t);
    const mod = await moderator(app, db);
    const [other, reported] = [await moderator(app, db), await woman(app, db)];
    await db.execute(sql`update users set role = 'moderator' where id = ${reported.userId}`);
    const own = await fileReport(app, mod, reported);
    const ownClaim = await claim(app, mod, own);
    t.equal(ownClaim.statusCode, 403);
    t.equal(ownClaim.json().detail, "You can't review a report you filed.");
    // The reported moderator: the report is not there for them, by any route.
    const aboutMe = await claim(app, reported, own);
    t.equal(aboutMe.statusCode, 404);
    t.equal(aboutMe.json().detail, 'Report not found.');
    t.equal((await decide(app, reported, own, { action: 'dismiss' })).statusCode, 404);
    t.equal((await app.inject({ method: 'GET', url: `/api/v1/moderation/reports/${own}/`, headers: reported.auth })).statusCode, 404);
    t.same((await queue(app, reported)).json().items, [], 'not in their queue');
    t.same(
      (await queue(app, other)).json().items.map((item: { id: number }) => item.id),
      [own],
      "in everyone else's",
    );
    t.equal((await reportRow(db, own)).state, 'open');

    const reporter = await man(app, db);
    const gone = await woman(app, db);
    const id = await fileReport(app, reporter, gone);
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: gone.auth })).statusCode, 200);
    await claim(app, other, id);
    const acted = await decide(app, other, id, { action: 'act', resolution: 'ban', reason: REASON });
    t.equal(acted.statusCode, 409);
    t.match(acted.json().detail, /deleted their account/);
    t.equal((await decide(app, other, id, { action: 'dismiss' })).statusCode, 200);
  },
);
