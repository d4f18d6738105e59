/**
 * The queue: open and in-review reports, critical categories first, then oldest; keyset pages
 * that never repeat or skip an item, even while items are claimed or decided between pages; and
 * what an item shows (evidence link, both members' records, the recommended action).
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { man, woman } from '../../test/members.ts';
import { claim, decide, fileReport, moderator, queue, setFiledAt } from '../../test/moderation.ts';

/** A report row written straight to the table (the queue reads nothing else), filed at `at`. */
async function insertReport(db: Db, values: { reporter: number; reported: number; category: string; state?: string; at: string }) {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into reports (reporter_id, reported_id, category, state, evidence_sha256, created_at)
    values (${values.reporter}, ${values.reported}, ${values.category}, ${values.state ?? 'open'}, 'x', ${values.at}::timestamptz)
    returning id::int`);
  return row.id;
}

t.test('critical first, then oldest; pages never repeat or skip, while items are claimed or decided between pages', async (t) => {
  const { app, db } = await buildTestApp(t);
  const mod = await moderator(app, db);
  const reporters = [await man(app, db), await man(app, db), await man(app, db)];
  const targets = [await woman(app, db), await woman(app, db), await woman(app, db), await woman(app, db)];
  // Twelve reports: every reporter of every target, categories cycling, filing times scrambled
  // (two share a time to the microsecond, so the id breaks the tie).
  const categories = ['other', 'scam_spam', 'harassment_hate', 'underage', 'fake_profile', 'violence_threats', 'money_request'];
  const expected: Array<{ id: number; critical: boolean; at: string }> = [];
  let n = 0;
  for (const reporter of reporters) {
    for (const target of targets) {
      const category = categories[n % categories.length];
      const at = `2026-01-01T00:00:${String((n * 7) % 12).padStart(2, '0')}.123456Z`;
      const id = await insertReport(db, {
        reporter: reporter.userId,
        reported: target.userId,
        category,
        at: n === 11 ? expected[0].at : at,
      });
      expected.push({
        id,
        critical: ['scam_spam', 'underage', 'violence_threats', 'money_request'].includes(category),
        at: n === 11 ? expected[0].at : at,
      });
      n++;
    }
  }
  // Decided reports are not in the queue.
  await insertReport(db, {
    reporter: reporters[0].userId,
    reported: targets[0].userId,
    category: 'underage',
    state: 'dismissed',
    at: '2020-01-01T00:00:00Z',
  });
  expected.sort((a, b) => Number(b.critical) - Number(a.critical) || a.at.localeCompare(b.at) || a.id - b.id);
  const order = expected.map((e) => e.id);

  const whole = await queue(app, mod, 'limit=50');
  t.equal(whole.statusCode, 200, whole.body);
  t.same(
    whole.json().items.map((item: { id: number }) => item.id),
    order,
    'critical first, then oldest, then by id',
  );
  t.equal(whole.json().next_cursor, null, 'one page holds them all');

  const seen: number[] = [];
  let cursor: number | null = null;
  let page = 0;
  do {
    const response = await queue(app, mod, `limit=5${cursor === null ? '' : `&cursor=${cursor}`}`);
    t.equal(response.statusCode, 200, response.body);
    const body = response.json() as { items: Array<{ id: number }>; next_cursor: number | null };
    seen.push(...body.items.map((item) => item.id));
    cursor = body.next_cursor;
    page++;
    if (page === 1) {
      // Between pages: the last item seen is decided (it leaves the queue), the next one is claimed (it stays).
      t.equal((await claim(app, mod, seen[4])).statusCode, 200);
      t.equal((await decide(app, mod, seen[4], { action: 'dismiss' })).statusCode, 200);
      t.equal((await claim(app, mod, order[5])).statusCode, 200);
    }
  } while (cursor !== null && page < 10);
  t.same(seen, order, 'every item once, in order, across 3 pages');
  t.equal(page, 3);
  const after = await queue(app, mod, 'limit=50');
  t.notOk(
    after.json().items.some((item: { id: number }) => item.id === seen[4]),
    'the dismissed report left the queue',
  );
  t.match(
    after.json().items.find((item: { id: number }) => item.id === order[5]),
    { state: 'in_review', assignee: { user_id: mod.userId } },
  );
});

t.test('an item: the report, its evidence link, the reported member record, the reporter record, the advice', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [mod, reporter, reported] = [await moderator(app, db), await man(app, db), await woman(app, db)];
  // The reported member has two earlier reports, one of them actioned with a strike.
  const [early1, early2] = [await man(app, db), await man(app, db)];
  const first = await fileReport(app, early1, reported, 'harassment_hate');
  const second = await fileReport(app, early2, reported, 'other');
  await claim(app, mod, first);
  await decide(app, mod, first, { action: 'act', resolution: 'warning', reason: 'Insults in chat.' });
  const id = await fileReport(app, reporter, reported, 'scam_spam', 'Sent me a crypto link.');
  await setFiledAt(db, id, new Date(Date.now() - 3_600_000).toISOString());

  const item = (await queue(app, mod)).json().items.find((i: { id: number }) => i.id === id);
  t.match(item, {
    id,
    category: 'scam_spam',
    critical: true,
    note: 'Sent me a crypto link.',
    state: 'open',
    resolution: null,
    assignee: null,
    evidence: { sha256: /^[0-9a-f]{64}$/, snapshots: 1, url: `/api/v1/moderation/reports/${id}/` },
    reported: {
      user_id: reported.userId,
      username: reported.username,
      other_reports: 2,
      live_strikes: 1,
      suspended_until: null,
      banned_at: null,
    },
    reporter: { user_id: reporter.userId, username: reporter.username, resolved: 0, dismissed: 0, low_weight: false },
    recommended: 'suspend_30d',
  });
  t.ok(item.age_seconds >= 3600 && item.age_seconds < 3700, `an hour old (${item.age_seconds} s)`);
  t.match(item.reported.strikes, [{ report_id: first, resolution: 'warning', voided_at: null }]);

  const full = await app.inject({ method: 'GET', url: item.evidence.url, headers: mod.auth });
  t.equal(full.statusCode, 200, full.body);
  const body = full.json();
  t.equal(body.evidence_snapshots.length, 1);
  t.match(body.evidence_snapshots[0], {
    kind: 'filed',
    sha256: item.evidence.sha256,
    snapshot: { reported: { user_id: reported.userId } },
  });
  t.same(body.other_reports.map((o: { id: number }) => o.id).sort(), [first, second].sort(), "the member's other reports");
  t.match(body.history, [{ action: 'report.filed', from_state: null, to_state: 'open', actor_id: reporter.userId }]);
  t.notOk(JSON.stringify(body).includes('password_hash'), 'no password hash anywhere');
});

t.test("the reporter's record: resolved, dismissed and the low-weight mark", async (t) => {
  const { app, db } = await buildTestApp(t);
  const mod = await moderator(app, db);
  const reporter = await man(app, db);
  const targets = await Promise.all([1, 2, 3, 4, 5, 6].map(() => woman(app, db)));
  const itemOf = async (id: number) => (await queue(app, mod, 'limit=50')).json().items.find((i: { id: number }) => i.id === id);
  // The open report the queue shows, then five resolved ones: four dismissed (80%), one actioned.
  const open = await insertReport(db, {
    reporter: reporter.userId,
    reported: targets[5].userId,
    category: 'other',
    at: '2026-01-01T00:00:00Z',
  });
  const states = ['dismissed', 'dismissed', 'dismissed', 'actioned', 'in_review'];
  for (const [i, state] of states.entries()) {
    await insertReport(db, {
      reporter: reporter.userId,
      reported: targets[i].userId,
      category: 'other',
      state,
      at: '2025-01-01T00:00:00Z',
    });
  }
  t.match((await itemOf(open)).reporter, { resolved: 4, dismissed: 3, low_weight: false }, 'four resolved: too few to judge');
  await insertReport(db, {
    reporter: reporter.userId,
    reported: targets[4].userId,
    category: 'other',
    state: 'dismissed',
    at: '2025-01-01T00:00:00Z',
  });
  t.match((await itemOf(open)).reporter, { resolved: 5, dismissed: 4, low_weight: true }, '4 of 5 dismissed: low weight');
  for (const state of ['upheld', 'overturned']) {
    await insertReport(db, {
      reporter: reporter.userId,
      reported: targets[0].userId,
      category: 'other',
      state,
      at: '2025-01-01T00:00:00Z',
    });
  }
  t.match((await itemOf(open)).reporter, { resolved: 7, dismissed: 4, low_weight: false }, '4 of 7 (57%): full weight again');
});
