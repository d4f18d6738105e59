/**
 * The report state machine as a table: every (state, action) pair, legal or not. The expected
 * table is written out here by hand, independently of TRANSITIONS, so a change to either shows.
 */
import t from 'tap';
import { nextState, REPORT_ACTIONS, REPORT_STATES, type ReportAction, type ReportState } from './state-machine.ts';

const LEGAL: Record<string, ReportState> = {
  'open claim': 'in_review',
  'in_review act': 'actioned',
  'in_review dismiss': 'dismissed',
  'actioned appeal': 'appealed',
  'appealed uphold': 'upheld',
  'appealed overturn': 'overturned',
};

t.test('every state and action: legal ones lead where the table says, every other one is refused with a sentence', async (t) => {
  t.same([...REPORT_STATES], ['open', 'in_review', 'actioned', 'dismissed', 'appealed', 'upheld', 'overturned']);
  t.same([...REPORT_ACTIONS], ['claim', 'act', 'dismiss', 'appeal', 'uphold', 'overturn']);
  let legal = 0;
  let illegal = 0;
  for (const state of REPORT_STATES) {
    for (const action of REPORT_ACTIONS as readonly ReportAction[]) {
      const step = nextState(state, action);
      const expected = LEGAL[`${state} ${action}`];
      if (expected) {
        legal++;
        t.same(step, { ok: true, to: expected }, `${state} --${action}--> ${expected}`);
      } else {
        illegal++;
        t.equal(step.ok, false, `${state} --${action}--> refused`);
        if (!step.ok) t.match(step.message, /^This report is .+, so it cannot be .+\.$/, `${state} ${action}: ${step.message}`);
      }
    }
  }
  t.equal(legal, 6, 'six legal transitions');
  t.equal(illegal, REPORT_STATES.length * REPORT_ACTIONS.length - 6, 'every other pair is illegal');
});

t.test('the sentences a moderator reads', async (t) => {
  t.same(nextState('in_review', 'claim'), { ok: false, message: 'This report is already in review, so it cannot be claimed.' });
  t.same(nextState('open', 'act'), { ok: false, message: 'This report is not claimed yet, so it cannot be actioned.' });
  t.same(nextState('dismissed', 'appeal'), { ok: false, message: 'This report is already dismissed, so it cannot be appealed.' });
  t.same(nextState('overturned', 'overturn'), {
    ok: false,
    message: 'This report is closed: its appeal was overturned, so it cannot be overturned on appeal.',
  });
});

t.test('terminal states allow nothing', async (t) => {
  for (const state of ['dismissed', 'upheld', 'overturned'] as const) {
    t.ok(
      REPORT_ACTIONS.every((action) => !nextState(state, action).ok),
      `${state} is final`,
    );
  }
});
