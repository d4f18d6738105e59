import t from 'tap';
import { ApiError, ERROR_MESSAGES } from '@/lib/api-errors.ts';
import {
  actBody,
  APPEAL_REASON_REQUIRED,
  appealBody,
  appealDecidedSentence,
  decidedSentence,
  DISMISS_BODY,
  failureSentence,
  REASON_REQUIRED,
  REASON_TOO_LONG,
  reasonCount,
  reasonLength,
} from './decision-form.ts';

t.test('the reason is measured as the server measures it: trimmed code points, 1 to 1000', async (t) => {
  t.equal(reasonLength('  Sent a scam link \n'), 16);
  t.equal(reasonLength('🙂'.repeat(3)), 3, 'an emoji is one');
  t.same(reasonCount(''), { text: '0 / 1000', problem: REASON_REQUIRED });
  t.same(reasonCount('   \n '), { text: '0 / 1000', problem: REASON_REQUIRED }, 'blank is no reason');
  t.same(reasonCount('x'.repeat(1000)), { text: '1000 / 1000', problem: null });
  t.same(reasonCount('x'.repeat(1001)), { text: '1001 / 1000', problem: REASON_TOO_LONG });
  t.equal(REASON_TOO_LONG, 'A reason can be at most 1000 characters.', "the server's own sentence");
});

t.test('the bodies sent', async (t) => {
  t.same(actBody('suspend_3d', '  Repeated money requests.  '), {
    action: 'act',
    resolution: 'suspend_3d',
    reason: 'Repeated money requests.',
  });
  t.same(DISMISS_BODY, { action: 'dismiss' });
});

t.test("a refusal shows the server's sentence verbatim; a 5xx or no answer the shared wording", async (t) => {
  const taken = 'This report is already in review, so it cannot be claimed.';
  t.equal(failureSentence(new ApiError(409, { detail: taken, code: 'conflict' })), taken);
  const onlyAssignee = 'Only the moderator who claimed this report can decide it.';
  t.equal(failureSentence(new ApiError(403, { detail: onlyAssignee })), onlyAssignee, "not the app's generic 403 words");
  t.equal(failureSentence(new ApiError(403, {})), ERROR_MESSAGES.forbidden);
  t.equal(failureSentence(new ApiError(500, { detail: 'stack trace' })), ERROR_MESSAGES.server);
  t.equal(failureSentence(new ApiError(undefined, undefined)), ERROR_MESSAGES.network);
  t.equal(failureSentence(new Error('boom')), ERROR_MESSAGES.generic);
});

t.test('the status line after a decision', async (t) => {
  t.equal(decidedSentence(DISMISS_BODY), 'The report is dismissed.');
  t.equal(decidedSentence(actBody('suspend_3d', 'x')), 'The report is actioned: a 3-day suspension.');
  t.equal(decidedSentence(actBody('ban', 'x')), 'The report is actioned: a ban.');
});

t.test('an appeal: its own missing-reason sentence, a trimmed body, the outcome in words', async (t) => {
  t.same(reasonCount(' ', APPEAL_REASON_REQUIRED), { text: '0 / 1000', problem: APPEAL_REASON_REQUIRED });
  t.same(reasonCount('x'.repeat(1001), APPEAL_REASON_REQUIRED).problem, REASON_TOO_LONG);
  t.same(appealBody('overturn', ' Verified. '), { outcome: 'overturn', reason: 'Verified.' });
  t.match(appealDecidedSentence({ outcome: 'uphold', reason: 'x' }), /upheld/);
  t.match(appealDecidedSentence({ outcome: 'overturn', reason: 'x' }), /overturned/);
});
