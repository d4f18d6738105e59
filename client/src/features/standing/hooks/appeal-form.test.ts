import t from 'tap';
import { APPEAL_MESSAGES } from '@contract/restrictions.ts';
import { ApiError, ERROR_MESSAGES } from '@/lib/api-errors.ts';
import { appealCount, appealFailure, appealProblem } from './appeal-form.ts';

t.test('the count is what the server counts: trimmed code points', async (t) => {
  t.same(appealCount('  Not me 💬  '), { used: 8, max: 1000, over: false, text: '8 / 1000' });
  t.equal(appealCount('x'.repeat(1001)).over, true);
  t.equal(appealCount('x'.repeat(1000)).over, false, 'exactly the limit fits');
});

t.test('what stops a text, in the server words', async (t) => {
  t.equal(appealProblem('   '), APPEAL_MESSAGES.textRequired);
  t.equal(appealProblem('x'.repeat(1001)), APPEAL_MESSAGES.textTooLong);
  t.equal(appealProblem('I was quoting a film.'), null);
});

t.test("a failure reads as the server's sentence, or the shared words", async (t) => {
  t.equal(
    appealFailure(new ApiError(409, { error: 'Conflict', detail: APPEAL_MESSAGES.alreadyAppealed })),
    APPEAL_MESSAGES.alreadyAppealed,
  );
  t.equal(
    appealFailure(
      new ApiError(400, { error: 'Bad Request', detail: APPEAL_MESSAGES.textControl, errors: { text: [APPEAL_MESSAGES.textControl] } }),
    ),
    APPEAL_MESSAGES.textControl,
  );
  t.equal(appealFailure(new ApiError(404, { error: 'Statement not found.' })), 'Statement not found.', 'no detail: error');
  t.equal(appealFailure(new ApiError(undefined, undefined)), ERROR_MESSAGES.network);
  t.equal(appealFailure(new ApiError(503, { detail: 'Busy.' })), ERROR_MESSAGES.server);
  t.equal(appealFailure(new Error('boom')), ERROR_MESSAGES.generic);
});
