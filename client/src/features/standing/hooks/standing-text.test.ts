import t from 'tap';
import type { Statement } from '../api/get-statements.ts';
import { appealDeadlineText, appealStateText, deciderLabel, localTime, restrictionHeadline, statementTitle } from './standing-text.ts';

const decision: Statement = {
  id: 1,
  kind: 'decision',
  resolution: 'suspend_3d',
  category: 'harassment_hate',
  category_label: 'Harassment or hate',
  decision: 'Your account is suspended for 3 days.',
  facts: 'Threatening messages.',
  automated: false,
  restricted_until: '2026-12-04T10:15:00.000Z',
  appeal_until: '2026-12-15T10:15:00.000Z',
  how_to_appeal: 'Appeal in the app.',
  can_appeal: true,
  appeal: 'none',
  created_at: '2026-12-01T10:15:00.000Z',
};

t.test("a moment reads in the member's own zone, named", async (t) => {
  t.equal(localTime('2026-12-04T10:15:00.000Z', 'UTC'), '4 December 2026 at 10:15 UTC');
  t.equal(localTime('2026-12-04T10:15:00.000Z', 'Europe/Berlin'), '4 December 2026 at 11:15 CET');
  t.equal(localTime('not a time', 'UTC'), 'not a time', 'unreadable: as sent');
});

t.test('the restriction as a headline', async (t) => {
  t.equal(restrictionHeadline(null), null, 'none');
  t.equal(restrictionHeadline({ kind: 'banned', until: null, since: '2026-12-01T10:15:00.000Z' }), 'Your account is banned.');
  t.equal(
    restrictionHeadline({ kind: 'suspended', until: '2026-12-04T10:15:00.000Z', since: null }, 'UTC'),
    'Your account is suspended until 4 December 2026 at 10:15 UTC.',
  );
  t.equal(restrictionHeadline({ kind: 'suspended', until: null, since: null }), 'Your account is suspended.');
});

t.test('titles and who decided', async (t) => {
  t.equal(statementTitle('decision'), 'Decision');
  t.equal(statementTitle('appeal_upheld'), 'Appeal upheld');
  t.equal(statementTitle('appeal_overturned'), 'Appeal overturned');
  t.equal(deciderLabel(false), 'Decided by a moderator');
  t.equal(deciderLabel(true), 'Automated decision');
});

t.test('where the appeal stands: only on a decision that was appealed', async (t) => {
  t.equal(appealStateText(decision), null, 'not appealed');
  t.match(appealStateText({ kind: 'decision', appeal: 'pending' }), /^Appeal pending/);
  t.match(appealStateText({ kind: 'decision', appeal: 'upheld' }), /upheld/);
  t.match(appealStateText({ kind: 'decision', appeal: 'overturned' }), /overturned/);
  t.equal(appealStateText({ kind: 'appeal_upheld', appeal: 'upheld' }), null, 'an outcome has none of its own');
});

t.test('the appeal deadline: open until when, or closed', async (t) => {
  const now = Date.parse('2026-12-02T00:00:00.000Z');
  t.equal(appealDeadlineText(decision, 'UTC', now), 'You can appeal until 15 December 2026 at 10:15 UTC.');
  t.equal(
    appealDeadlineText({ ...decision, can_appeal: false }, 'UTC', Date.parse('2026-12-16T00:00:00.000Z')),
    'The time to appeal this decision has passed.',
  );
  t.equal(appealDeadlineText({ ...decision, appeal: 'pending', can_appeal: false }, 'UTC', now), null, 'appealed: the state says it');
  t.equal(appealDeadlineText({ ...decision, kind: 'appeal_overturned', appeal_until: null }, 'UTC', now), null, 'an outcome');
});
