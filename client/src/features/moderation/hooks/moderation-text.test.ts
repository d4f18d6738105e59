import t from 'tap';
import { REPORT_CATEGORY_LABELS, RESOLUTIONS } from '@contract/reports.ts';
import {
  actorName,
  ageText,
  auditLabel,
  categoryLabel,
  isResolution,
  memberName,
  RESOLUTION_LABELS,
  stateLabel,
  strikesText,
} from './moderation-text.ts';
import type { QueueItem } from '../api/types.ts';

t.test('codes become words; an unknown code is shown as it is', async (t) => {
  t.equal(categoryLabel('scam_spam'), REPORT_CATEGORY_LABELS.scam_spam, 'the words the reporter chose from');
  t.equal(categoryLabel('new_kind'), 'new_kind');
  t.equal(stateLabel('in_review'), 'In review');
  t.equal(stateLabel('actioned'), 'Actioned');
  t.equal(stateLabel('later_state'), 'later_state');
  t.equal(auditLabel('report.claimed'), 'Claimed');
  t.equal(auditLabel('report.appealed'), 'Appealed');
  t.equal(auditLabel('report.overturned'), 'Overturned on appeal');
  t.equal(auditLabel('report.unknown'), 'report.unknown', 'a code not known yet is shown as it is');
  t.same(Object.keys(RESOLUTION_LABELS), [...RESOLUTIONS], 'a label for every resolution, mildest first');
  t.equal(RESOLUTION_LABELS.suspend_3d, 'Suspend for 3 days');
  t.ok(isResolution('ban'));
  t.notOk(isResolution('delete'));
});

t.test('an age in its largest whole unit', async (t) => {
  t.equal(ageText(0), 'less than a minute');
  t.equal(ageText(59), 'less than a minute');
  t.equal(ageText(60), '1 minute');
  t.equal(ageText(3599), '59 minutes');
  t.equal(ageText(3600), '1 hour');
  t.equal(ageText(86_399), '23 hours');
  t.equal(ageText(86_400 * 3 + 5), '3 days');
  t.equal(ageText(-5), 'less than a minute', 'a clock ahead of the server is no negative age');
});

t.test('members and strikes in a sentence', async (t) => {
  t.equal(memberName('noah'), 'noah');
  t.equal(memberName(null), 'Deleted account');
  t.equal(strikesText(0), '0 live strikes');
  t.equal(strikesText(1), '1 live strike');
});

t.test('who wrote an audit row', async (t) => {
  const item = {
    reporter: { user_id: 5, username: 'sofia', resolved: 0, dismissed: 0, low_weight: false },
    assignee: { user_id: 9, username: 'mod' },
    reported: { user_id: 7, username: 'ethan' } as QueueItem['reported'],
  };
  t.equal(actorName({ actor_id: 9 }, item), 'mod');
  t.equal(actorName({ actor_id: 5 }, item), 'sofia (reporter)');
  t.equal(actorName({ actor_id: null }, item), 'The system');
  t.equal(actorName({ actor_id: 12 }, item), 'User 12');
  t.equal(actorName({ actor_id: 12 }, item, 12), 'you', 'the signed-in moderator, not the assignee');
  t.equal(actorName({ actor_id: 7 }, item), 'ethan (reported member)', 'the member who appealed');
  t.equal(actorName({ actor_id: 9 }, { ...item, assignee: null }), 'User 9');
});
