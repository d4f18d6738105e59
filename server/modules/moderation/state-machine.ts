/**
 * The one state machine of a report, as a table: for each state, the actions it allows and the
 * state each leads to. Pure: the service locks the row, asks `nextState`, and writes the answer
 * with its audit row; nothing else changes a report's state.
 *
 *   open --claim--> in_review --act--> actioned --appeal--> appealed --uphold--> upheld
 *                             \-dismiss-> dismissed                  \-overturn-> overturned
 */
import { REPORT_STATES } from '../../kernel/db/schema/index.ts';

export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_ACTIONS = ['claim', 'act', 'dismiss', 'appeal', 'uphold', 'overturn'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export { REPORT_STATES };

export const TRANSITIONS: Readonly<Record<ReportState, Partial<Record<ReportAction, ReportState>>>> = {
  open: { claim: 'in_review' },
  in_review: { act: 'actioned', dismiss: 'dismissed' },
  actioned: { appeal: 'appealed' },
  dismissed: {},
  appealed: { uphold: 'upheld', overturn: 'overturned' },
  upheld: {},
  overturned: {},
};

/** How a moderator reads each state in a sentence ("This report is ..."). */
const STATE_WORDS: Record<ReportState, string> = {
  open: 'not claimed yet',
  in_review: 'already in review',
  actioned: 'already decided with an action',
  dismissed: 'already dismissed',
  appealed: 'under appeal',
  upheld: 'closed: its appeal was upheld',
  overturned: 'closed: its appeal was overturned',
};

/** What each action is called in a sentence ("... so it cannot be ..."). */
const ACTION_WORDS: Record<ReportAction, string> = {
  claim: 'claimed',
  act: 'actioned',
  dismiss: 'dismissed',
  appeal: 'appealed',
  uphold: 'upheld on appeal',
  overturn: 'overturned on appeal',
};

export type Step = { ok: true; to: ReportState } | { ok: false; message: string };

/** The state `action` leads to from `state`, or the sentence a 409 carries. */
export function nextState(state: ReportState, action: ReportAction): Step {
  const to = TRANSITIONS[state][action];
  if (to) return { ok: true, to };
  return { ok: false, message: `This report is ${STATE_WORDS[state]}, so it cannot be ${ACTION_WORDS[action]}.` };
}
